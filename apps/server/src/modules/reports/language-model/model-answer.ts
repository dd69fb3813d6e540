import { z } from 'zod';

/** `title` is empty when the model gave none (the caller titles the report with the question). */
export type ModelAnswer = { title: string; summary: string; followUps: string[] };

export const MAX_FOLLOW_UPS = 3;
const MAX_TITLE_LENGTH = 120;
/**
 * The prompt asks for at most 120 words; a model may send megabytes (stored whole, drawn on every
 * page of a PDF, read by the number check). Longer summaries are cut at a word.
 */
export const MAX_SUMMARY_LENGTH = 2000;

/**
 * What a model's text may not carry into a report: control characters (NUL cannot even be
 * stored, ESC sequences reach terminals) and the direction overrides and isolates that turn the
 * rest of a line around ("report\u202Efdp.exe" shows as "reportexe.pdf"); security review of
 * issue 14. Line breaks stay in a summary only.
 */
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;
const DIRECTION = /[\u202A-\u202E\u2066-\u2069]/g;

/** The text on one line, controls as spaces, direction marks gone, spaces collapsed. */
function plainLine(text: string): string {
  return text.replace(DIRECTION, '').replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
}

/** Paragraphs kept (line feeds), every other control a space, direction marks gone. */
function plainParagraphs(text: string): string {
  return text
    .replace(DIRECTION, '')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/[^\P{Cc}\n]/gu, ' ')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim();
}

/**
 * At most `max` characters with the ellipsis, cut at a space when one is late enough (a number
 * is never cut in two, which the number check would read as another number) and never between
 * the halves of a surrogate pair (half a pair cannot be stored as JSON).
 */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = text.slice(0, max - 1);
  const space = kept.search(/\s\S*$/);
  if (space >= max / 2) kept = kept.slice(0, space);
  else if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

const ZModelAnswer = z.object({
  title: z.string().optional(),
  summary: z.string(),
  followUps: z.array(z.unknown()).optional(),
});

/**
 * The JSON object of a reply (inside a ```json fence, or from its first `{` to its last `}`);
 * prose when the reply holds no `{` at all (nor a fence); `undefined` stands for an object that
 * does not parse, such as one cut off at the length limit.
 */
function jsonOf(content: string): { isProse: true } | { isProse: false; value: unknown } {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  const text = fenced?.[1] ?? content;
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 && !fenced) return { isProse: true };
  if (start < 0 || end <= start) return { isProse: false, value: undefined };
  try {
    return { isProse: false, value: JSON.parse(text.slice(start, end + 1)) };
  } catch {
    return { isProse: false, value: undefined };
  }
}

/** A title of at most MAX_TITLE_LENGTH characters, on one line, without control characters. */
export function shortTitle(text: string): string {
  return cut(plainLine(text), MAX_TITLE_LENGTH);
}

/**
 * The model's final reply as {title, summary, followUps}. The JSON object is asked for, but not
 * forced with `response_format`: several OpenAI-compatible servers refuse it next to tools. A
 * reply in plain prose (no braces) is taken as the summary itself, without a title, so
 * a model that forgets the format still answers (its numbers are checked all the same); a broken
 * object is not shown to anyone. Null when there is nothing to show.
 */
export function parseModelAnswer(content: string | null | undefined): ModelAnswer | null {
  const text = content?.trim() ?? '';
  if (text === '') return null;
  const json = jsonOf(text);
  if (json.isProse) {
    const summary = cut(plainParagraphs(text), MAX_SUMMARY_LENGTH);
    return summary === '' ? null : { title: '', summary, followUps: [] };
  }
  const parsed = ZModelAnswer.safeParse(json.value);
  if (!parsed.success) return null;
  const summary = cut(plainParagraphs(parsed.data.summary), MAX_SUMMARY_LENGTH);
  if (summary === '') return null;
  return {
    title: shortTitle(parsed.data.title ?? ''),
    summary,
    followUps: (parsed.data.followUps ?? [])
      .filter((followUp): followUp is string => typeof followUp === 'string')
      .map(shortTitle)
      .filter((followUp) => followUp !== '')
      .slice(0, MAX_FOLLOW_UPS),
  };
}
