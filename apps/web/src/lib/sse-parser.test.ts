import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse-parser';

function parse(pieces: readonly string[], options: { end?: boolean } = {}) {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser({
    onMessage: (message) => messages.push(message),
    onComment: (text) => comments.push(text),
    onRetry: (delayMs) => retries.push(delayMs),
  });
  for (const piece of pieces) parser.push(piece);
  if (options.end) parser.end();
  return { messages, comments, retries };
}

describe(createSseParser.name, () => {
  it('reads the ready and alert events of the alerts stream, and the ping comments', () => {
    const { messages, comments } = parse([
      'event: ready\ndata: {}\n\n',
      ': ping\n\n',
      'event: alert\ndata: {"alertId":"a1","action":"RAISED"}\n\n',
    ]);
    expect(messages).toEqual([
      { event: 'ready', data: '{}', id: null },
      { event: 'alert', data: '{"alertId":"a1","action":"RAISED"}', id: null },
    ]);
    expect(comments).toEqual(['ping']);
  });

  it('joins a message cut anywhere, even between the CR and LF of a line end', () => {
    const text = 'event: alert\r\ndata: {"title":"Low stock"}\r\n\r\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      const { messages } = parse([text.slice(0, cut), text.slice(cut)]);
      expect(messages, `cut at ${cut}`).toEqual([
        { event: 'alert', data: '{"title":"Low stock"}', id: null },
      ]);
    }
  });

  it('reads every byte on its own as well', () => {
    const text = 'data: one\n\nevent: x\ndata: two\n\n';
    expect(parse([...text]).messages.map((message) => message.data)).toEqual(['one', 'two']);
  });

  it('accepts LF, CRLF and CR line ends', () => {
    const { messages } = parse(['data: a\n\n', 'data: b\r\n\r\n', 'data: c\r\rdata: d\n\n']);
    expect(messages.map((message) => message.data)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('joins data lines with line feeds and calls an unnamed event "message"', () => {
    const { messages } = parse(['data: first\ndata: second\ndata\n\n']);
    expect(messages).toEqual([{ event: 'message', data: 'first\nsecond\n', id: null }]);
  });

  it('removes one space after the colon only, and keeps a value without one', () => {
    const { messages } = parse(['data:  two spaces\n\n', 'data:none\n\n']);
    expect(messages.map((message) => message.data)).toEqual([' two spaces', 'none']);
  });

  it('dispatches nothing for a blank line without data, and forgets its event name', () => {
    const { messages } = parse(['event: ready\n\n', 'data: x\n\n']);
    expect(messages).toEqual([{ event: 'message', data: 'x', id: null }]);
  });

  it('keeps the last id, ignores unknown fields and reads retry', () => {
    const { messages, retries } = parse([
      'id: 7\nfoo: bar\nretry: 3000\nretry: soon\ndata: x\n\n',
      'data: y\n\n',
    ]);
    expect(messages).toEqual([
      { event: 'message', data: 'x', id: '7' },
      { event: 'message', data: 'y', id: '7' },
    ]);
    expect(retries).toEqual([3000]);
  });

  it('drops a byte order mark at the start', () => {
    expect(parse(['\uFEFFdata: x\n\n']).messages[0]?.data).toBe('x');
  });

  it('drops a message the stream ended before finishing', () => {
    const { messages } = parse(['data: complete\n\n', 'event: alert\ndata: half'], { end: true });
    expect(messages.map((message) => message.data)).toEqual(['complete']);
  });
});
