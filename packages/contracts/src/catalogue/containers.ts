import { z } from 'zod';
import { ZUuid } from '../common.js';
import { ZTimestamps, requiredText } from './fields.js';

export const CONTAINER_TYPES = ['BASKET', 'CART', 'BAG'] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];

const kilograms = (label: string) =>
  z.coerce
    .number({ message: `${label} is a number of kilograms.` })
    .min(0, `${label} cannot be negative.`)
    .max(10_000, `${label} is at most 10000 kg.`)
    .refine((value) => Number.isInteger(value * 1000), `${label} has at most three decimals.`)
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
