import { describe, expect, it } from 'vitest';
import { MAX_SUMMARY_LENGTH, parseModelAnswer } from './model-answer.js';

describe('parseModelAnswer', () => {
  it('reads the JSON object, inside a fence or after prose', () => {
    const json = '{"title": "Best sellers", "summary": "Oat milk leads.", "followUps": ["Why?"]}';
    const expected = { title: 'Best sellers', summary: 'Oat milk leads.', followUps: ['Why?'] };
    expect(parseModelAnswer(json)).toEqual(expected);
    expect(parseModelAnswer('```json\n' + json + '\n```')).toEqual(expected);
    expect(parseModelAnswer('Here it is:\n' + json)).toEqual(expected);
  });

  it('keeps at most three follow-ups, strings only', () => {
    const answer = parseModelAnswer(
      JSON.stringify({ title: 't', summary: 's', followUps: ['a', 3, '', 'b', 'c', 'd'] }),
    );
    expect(answer?.followUps).toEqual(['a', 'b', 'c']);
  });

  it('takes plain prose as the summary, without a title', () => {
    expect(parseModelAnswer('Sales are up.')).toEqual({
      title: '',
      summary: 'Sales are up.',
      followUps: [],
    });
  });

  it('takes control characters and direction overrides out; line breaks stay in the summary only', () => {
    const answer = parseModelAnswer(
      JSON.stringify({
        title: '\u0000Sales\u001b[2J\r\nReport\u202Efdp.exe',
        summary: 'Sales rose.\u0000\u0007 Done\u2066.\r\nNext line\u2028last.',
        followUps: ['\u0000What next?\n', '\u202E', 3],
      }),
    );
    expect(answer).toEqual({
      title: 'Sales [2J Reportfdp.exe',
      summary: 'Sales rose. Done.\nNext line\nlast.',
      followUps: ['What next?'],
    });
  });

  it('cuts a long summary at a word and a long title without halving a character', () => {
    const answer = parseModelAnswer(
      JSON.stringify({ title: '🍵'.repeat(100), summary: `${'1,234.50 '.repeat(400)}`, followUps: [] }),
    );
    expect(answer?.summary.length).toBeLessThanOrEqual(MAX_SUMMARY_LENGTH);
    expect(answer?.summary).toMatch(/^(1,234\.50 )+1,234\.50…$/);
    expect(answer?.title).toBe(`${'🍵'.repeat(59)}…`);
  });

  it('shows nothing for an empty reply, a broken object or one without a summary', () => {
    expect(parseModelAnswer(null)).toBeNull();
    expect(parseModelAnswer('  ')).toBeNull();
    expect(parseModelAnswer('{"title": "x", "summary": ')).toBeNull();
    expect(parseModelAnswer('{"title": "x"}')).toBeNull();
    expect(parseModelAnswer('{"title": "x", "summary": "\\u0000\\u202E"}')).toBeNull();
  });
});
