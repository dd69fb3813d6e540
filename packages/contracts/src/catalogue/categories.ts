import { z } from 'zod';
import { ZUuid } from '../common.js';
import { ZTimestamps, optionalText, requiredText } from './fields.js';

/** A category belongs to a location (DESIGN 12); its name is unique there, whatever the case. */
export const ZCategoryRequest = z.object({
  categoryName: requiredText(80, 'A category name', 'Enter the category name.'),
  description: optionalText(500, 'The description'),
  locationId: ZUuid,
});
export type TCategoryRequest = z.input<typeof ZCategoryRequest>;

export const ZCategory = z.object({
  id: z.uuid(),
  categoryId: z.uuid().describe('Same as id'),
  categoryName: z.string(),
  description: z.string().nullable(),
  locationId: z.uuid(),
  location: z.object({ id: z.uuid(), name: z.string() }),
  active: z.boolean(),
  ...ZTimestamps,
});
export type TCategory = z.infer<typeof ZCategory>;
export const ZCategoryList = z.array(ZCategory);

export const ZCategoryByNameQuery = z.object({
  categoryName: requiredText(80, 'A category name', 'Enter the category name.').describe(
    'The exact name, whatever its case',
  ),
  locationId: ZUuid,
});

export const ZCategoriesAtLocationParams = z.object({ locationId: ZUuid });

/** A category addressed where it is: another location's category is not found there. */
export const ZCategoryAtLocationParams = z.object({ categoryId: ZUuid, locationId: ZUuid });
