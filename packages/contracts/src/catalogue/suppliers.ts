import { z } from 'zod';
import { ZActiveFilter, ZPage, ZPageQuery } from '../paging.js';
import { ZOptionalEmail, ZPhone, ZTimestamps, optionalText, requiredText, wholeNumber } from './fields.js';

export const ZSupplierRequest = z.object({
  name: requiredText(120, 'A supplier name', 'Enter the supplier name.'),
  contactName: optionalText(120, 'The contact name'),
  email: ZOptionalEmail,
  phone: ZPhone,
  address: optionalText(300, 'The address'),
  notes: optionalText(2000, 'The notes'),
  // A blank form field is no lead time; tried first, since a number coerces '' to 0.
  leadTimeDays: z
    .literal('')
    .transform(() => null)
    .or(wholeNumber('The lead time', 365).nullish())
    .describe('Days from ordering to delivery, used by suggested orders; null when unknown'),
});
export type TSupplierRequest = z.input<typeof ZSupplierRequest>;

export const ZSupplier = z.object({
  id: z.uuid(),
  supplierId: z.uuid().describe('Same as id'),
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  leadTimeDays: z.number().int().nullable().describe('Days from ordering to delivery'),
  active: z.boolean(),
  ...ZTimestamps,
});
export type TSupplier = z.infer<typeof ZSupplier>;

export const ZSupplierListQuery = ZPageQuery.extend({
  active: ZActiveFilter,
  search: z
    .string({ message: 'The search must be text.' })
    .trim()
    .max(100, 'The search has at most 100 characters.')
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .describe('Part of the name, contact or e-mail, whatever its case'),
});
export type TSupplierListQuery = z.input<typeof ZSupplierListQuery>;

export const ZSupplierPage = ZPage(ZSupplier);
export type TSupplierPage = z.infer<typeof ZSupplierPage>;
