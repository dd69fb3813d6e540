import { describe, expect, it } from 'vitest';
import { parseModelAnswer } from './model-answer.js';

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

  it('shows nothing for an empty reply, a broken object or one without a summary', () => {
    expect(parseModelAnswer(null)).toBeNull();
    expect(parseModelAnswer('  ')).toBeNull();
    expect(parseModelAnswer('{"title": "x", "summary": ')).toBeNull();
    expect(parseModelAnswer('{"title": "x"}')).toBeNull();
  });
});
