import type { SxProps, Theme } from '@mui/material/styles';

/*
 * Sizes and grids shared by the public pages. Phones (xs, from 360 px) get smaller headings and
 * one column, tablets (sm) two, desktops (md or lg) three or four. minmax(0, 1fr) lets a column
 * shrink below its longest word instead of widening the page.
 */

export const PAGE_TITLE_SX = {
  fontSize: { xs: '1.875rem', sm: '2.25rem' },
  lineHeight: 1.15,
  textWrap: 'balance',
} satisfies SxProps<Theme>;

export const SECTION_TITLE_SX = {
  fontSize: { xs: '1.5rem', sm: '1.75rem' },
  lineHeight: 1.2,
  textWrap: 'balance',
} satisfies SxProps<Theme>;

/** The lead paragraph under a page title: about 60 characters a line at most. */
export const LEAD_SX = {
  fontWeight: 400,
  fontSize: { xs: '1rem', sm: '1.0625rem' },
  lineHeight: 1.6,
  maxWidth: '60ch',
} satisfies SxProps<Theme>;

/** Body text of the legal pages: about 70 characters a line at most. */
export const DOCUMENT_TEXT_SX = { lineHeight: 1.7, maxWidth: '70ch' } satisfies SxProps<Theme>;

/** Call-to-action buttons: side by side, one under the other when a phone is too narrow. */
export const ACTIONS_SX = { display: 'flex', flexWrap: 'wrap', gap: 1.5 } satisfies SxProps<Theme>;

const ONE_FR = 'minmax(0, 1fr)';

/**
 * Feature cards: 1, 2, then 3 columns, and no card left alone on a row: an odd last card spans
 * the row on tablets; four cards stand two by two, then four in a row from lg; seven or more take
 * four columns from lg (4 + 3, 4 + 4), and below lg a seventh (tenth) card alone spans its row.
 */
export const CARD_GRID_SX = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: ONE_FR, sm: `repeat(2, ${ONE_FR})`, md: `repeat(3, ${ONE_FR})` },
  '& > :last-child:nth-of-type(odd)': { gridColumn: { sm: '1 / -1', md: 'auto' } },
  '& > :last-child:nth-of-type(3n + 7)': { gridColumn: { md: '1 / -1', lg: 'auto' } },
  '&:has(> :nth-of-type(4):last-child)': {
    gridTemplateColumns: { md: `repeat(2, ${ONE_FR})`, lg: `repeat(4, ${ONE_FR})` },
  },
  '&:has(> :nth-of-type(7))': { gridTemplateColumns: { lg: `repeat(4, ${ONE_FR})` } },
} satisfies SxProps<Theme>;

/** Plan cards: 1, 2, then 4 columns (four in a row need the lg width to keep their lists readable). */
export const PLAN_GRID_SX = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: ONE_FR, sm: `repeat(2, ${ONE_FR})`, lg: `repeat(4, ${ONE_FR})` },
} satisfies SxProps<Theme>;
