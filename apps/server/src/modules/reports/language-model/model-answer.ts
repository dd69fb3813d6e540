import { z } from 'zod';

/** `title` is empty when the model gave none (the caller titles the report with the question). */
export type ModelAnswer = { title: string; summary: string; followUps: string[] };

export const MAX_FOLLOW_UPS = 3;
const MAX_TITLE_LENGTH = 120;

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

/** A title of at most MAX_TITLE_LENGTH characters, on one line. */
export function shortTitle(text: string): string {
  const title = text.trim().replace(/\s+/g, ' ');
  return title.length > MAX_TITLE_LENGTH ? `${title.slice(0, MAX_TITLE_LENGTH - 1)}…` : title;
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
  if (json.isProse) return { title: '', summary: text, followUps: [] };
  const parsed = ZModelAnswer.safeParse(json.value);
  if (!parsed.success) return null;
  const summary = parsed.data.summary.trim();
  if (summary === '') return null;
  const title = parsed.data.title?.trim();
  return {
    title: title ? shortTitle(title) : '',
    summary,
    followUps: (parsed.data.followUps ?? [])
      .filter((followUp): followUp is string => typeof followUp === 'string' && followUp.trim() !== '')
      .map((followUp) => followUp.trim())
      .slice(0, MAX_FOLLOW_UPS),
  };
}
