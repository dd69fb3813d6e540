import type { ReportExportFormat, TReport } from '@app/contracts';
import { dateInTimeZone } from '../../../platform/zoned-time.js';

/** What an export needs besides the report: whose it is and the clock it is read on. */
export type ReportFileOptions = { businessName: string; timeZone: string };

/** Longer slugs are cut at a word where one ends late enough, else at this length. */
const SLUG_MAX_LENGTH = 60;

/** Latin letters that Unicode does not decompose into a base letter and a mark. */
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

/**
 * `best-sellers-last-month-2026-11-27.pdf`: the title as an ASCII slug (accents folded, letters
 * of other scripts dropped, `report` when nothing is left) and the day the report was generated
 * in the business's time zone, the day its owner files it under. Plain ASCII, so the name needs
 * no encoding in Content-Disposition and survives every file system.
 */
export function reportFileName(
  report: Pick<TReport, 'title' | 'generatedAt'>,
  timeZone: string,
  format: ReportExportFormat,
): string {
  return `${slugOf(report.title)}-${dateInTimeZone(new Date(report.generatedAt), timeZone)}.${format}`;
}

function slugOf(title: string): string {
  // NFKD splits é into e and its accent and ligatures (ﬁ) and full-width letters into plain ones;
  // lower-casing can bring marks back (İ becomes i and a dot), so the marks go after it.
  const folded = title
    .normalize('NFKD')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđðþıħ]/g, (letter) => LETTER_FOLDS[letter] ?? '');
  const slug = folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length <= SLUG_MAX_LENGTH) return slug || 'report';
  const lastBreak = slug.slice(0, SLUG_MAX_LENGTH + 1).lastIndexOf('-');
  const cut = lastBreak >= SLUG_MAX_LENGTH / 2 ? slug.slice(0, lastBreak) : slug.slice(0, SLUG_MAX_LENGTH);
  return cut.replace(/-+$/, '');
}
