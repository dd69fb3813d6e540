import { z } from 'zod';
import { ZUuid } from '../common.js';
import { ZTimestamps, requiredText } from './fields.js';

export const CONTAINER_TYPES = ['BASKET', 'CART', 'BAG'] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];

/**
 * Grams are whole: `value * 1000` is compared with its rounding rather than tested with
 * Number.isInteger, since binary fractions make 1.005 * 1000 = 1004.9999999999999.
 */
export function hasAtMostThreeDecimals(value: number): boolean {
  const grams = value * 1000;
  return Math.abs(grams - Math.round(grams)) < 1e-6;
}

const kilograms = (label: string) =>
  z.coerce
    .number({ message: `${label} is a number of kilograms.` })
    .min(0, `${label} cannot be negative.`)
    .max(10_000, `${label} is at most 10000 kg.`)
    .refine(hasAtMostThreeDecimals, `${label} has at most three decimals.`)
    .nullish()
    .transform((value) => value ?? null);

/** A carrying container of a store (a basket, cart or bag), with its weights for basket weighing. */
export const ZContainerRequest = z
  .object({
    name: requiredText(80, 'A container name', 'Enter the container name.'),
    storeId: ZUuid,
    type: z.enum(CONTAINER_TYPES, { message: 'Choose basket, cart or bag.' }),
    capacityKg: kilograms('The capacity'),
    tareWeightKg: kilograms('The tare weight'),
    code: z
      .string({ message: 'The code must be text.' })
      .trim()
      .max(40, 'The code has at most 40 characters.')
      .regex(/^[A-Za-z0-9_-]*$/, 'The code has only letters, digits, - and _.')
      .nullish()
      .transform((value) => (value === '' || value === undefined ? null : value))
      .describe('A label printed on the container; unique in the store'),
  })
  .refine(
    (body) => body.capacityKg === null || body.tareWeightKg === null || body.tareWeightKg <= body.capacityKg,
    { message: 'The tare weight cannot exceed the capacity.', path: ['tareWeightKg'] },
  );
export type TContainerRequest = z.input<typeof ZContainerRequest>;

export const ZContainer = z.object({
  id: z.uuid(),
  containerId: z.uuid().describe('Same as id'),
  name: z.string(),
  storeId: z.uuid(),
  type: z.enum(CONTAINER_TYPES),
  capacityKg: z.number().nullable(),
  tareWeightKg: z.number().nullable(),
  code: z.string().nullable(),
  isActive: z.boolean(),
  ...ZTimestamps,
});
export type TContainer = z.infer<typeof ZContainer>;
export const ZContainerList = z.array(ZContainer);

export const ZContainersOfStoreParams = z.object({ storeId: ZUuid });

/** A container addressed at its store: another store's container is not found there. */
export const ZContainerAtStoreParams = z.object({ containerId: ZUuid, storeId: ZUuid });

/** Reactivate and discontinue name the container `id` and the store it is at. */
export const ZContainerStoreActionParams = z.object({ id: ZUuid, storeId: ZUuid });
