import { z } from 'zod';
import { ZOptionalEmail, ZPhone, ZTimestamps, optionalText, requiredText } from './fields.js';

export const ZSupplierRequest = z.object({
  name: requiredText(120, 'A supplier name', 'Enter the supplier name.'),
  contactName: optionalText(120, 'The contact name'),
  email: ZOptionalEmail,
  phone: ZPhone,
  address: optionalText(300, 'The address'),
  notes: optionalText(2000, 'The notes'),
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
  active: z.boolean(),
  ...ZTimestamps,
});
export type TSupplier = z.infer<typeof ZSupplier>;
