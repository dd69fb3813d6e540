import { z } from 'zod';

/** Paged lists of DESIGN 13: page from 0, size 10 by default and at most 100. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const ZPageQuery = z.object({
  page: z.coerce
    .number({ message: 'The page is a whole number from 0.' })
    .int('The page is a whole number from 0.')
    .min(0, 'The page is a whole number from 0.')
    .max(1_000_000, 'The page is too far.')
    .default(0)
    .describe('Page number, from 0'),
  size: z.coerce
    .number({ message: `The page size is a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .int(`The page size is a whole number from 1 to ${MAX_PAGE_SIZE}.`)
    .min(1, `The page size is a whole number from 1 to ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `The page size is a whole number from 1 to ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE)
    .describe(`Rows per page, 1 to ${MAX_PAGE_SIZE}`),
});
export type TPageQuery = z.output<typeof ZPageQuery>;

/** `?active=all` includes discontinued rows; by default lists show active rows only. */
export const ZActiveFilter = z
  .enum(['true', 'false', 'all'], { message: 'active is true, false or all.' })
  .default('true')
  .describe('true: active rows (default); false: discontinued ones; all: both');
export type TActiveFilter = z.output<typeof ZActiveFilter>;

export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: z.number().int().describe('This page, from 0'),
    size: z.number().int().describe('Rows asked per page'),
    totalElements: z.number().int().describe('Rows in all pages'),
    totalPages: z.number().int(),
  });
}
export type TPage<T> = {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
};

/** Builds a page answer from the rows of one page and the total. */
export function toPage<T>(
  content: T[],
  query: { page: number; size: number },
  totalElements: number,
): TPage<T> {
  return {
    content,
    page: query.page,
    size: query.size,
    totalElements,
    totalPages: Math.ceil(totalElements / query.size),
  };
}
