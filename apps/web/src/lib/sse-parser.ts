/**
 * A parser of server-sent events (the WHATWG "event stream interpretation"), for streams read
 * with `fetch`: EventSource cannot send the bearer token every call needs. Text arrives in chunks
 * cut anywhere (inside a line, between the CR and LF of one line end); a message is complete at
 * the blank line after it.
 */

export type SseMessage = {
  /** The `event:` field; "message" when none was given. */
  event: string;
  /** The `data:` lines joined by line feeds. */
  data: string;
  /** The last `id:` seen on the stream so far; null before any. */
  id: string | null;
};

export type SseParserHandlers = {
  onMessage: (message: SseMessage) => void;
  /** A `: comment` line (the server's keep-alive `: ping`). */
  onComment?: (text: string) => void;
  /** A `retry:` field: the reconnection delay the server asks for, in ms. */
  onRetry?: (delayMs: number) => void;
};

export type SseParser = {
  /** Feeds the next piece of decoded text. */
  push: (text: string) => void;
  /** The stream ended: a message without its closing blank line is dropped, as the standard says. */
  end: () => void;
};

const BYTE_ORDER_MARK = '\uFEFF';

export function createSseParser({ onMessage, onComment, onRetry }: SseParserHandlers): SseParser {
  let buffer = '';
  let isFirstText = true;
  /** The previous piece ended on CR: an LF starting this one belongs to that line end. */
  let isAfterCarriageReturn = false;
  let eventType = '';
  let data = '';
  let hasData = false;
  let lastId: string | null = null;

  const dispatch = () => {
    if (hasData) onMessage({ event: eventType || 'message', data, id: lastId });
    eventType = '';
    data = '';
    hasData = false;
  };

  const processLine = (line: string) => {
    if (line === '') {
      dispatch();
      return;
    }
    if (line.startsWith(':')) {
      onComment?.(line.slice(1).replace(/^ /, ''));
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data = hasData ? `${data}\n${value}` : value;
        hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) onRetry?.(Number(value));
        break;
      default:
        // Unknown fields are ignored.
        break;
    }
  };

  const push = (text: string) => {
    let piece = text;
    if (isFirstText && piece.length > 0) {
      isFirstText = false;
      if (piece.startsWith(BYTE_ORDER_MARK)) piece = piece.slice(1);
    }
    if (isAfterCarriageReturn && piece.startsWith('\n')) piece = piece.slice(1);
    isAfterCarriageReturn = false;
    buffer += piece;

    let start = 0;
    for (let index = 0; index < buffer.length; index += 1) {
      const character = buffer[index];
      if (character !== '\n' && character !== '\r') continue;
      processLine(buffer.slice(start, index));
      if (character === '\r') {
        if (index + 1 === buffer.length) isAfterCarriageReturn = true;
        else if (buffer[index + 1] === '\n') index += 1;
      }
      start = index + 1;
    }
    buffer = buffer.slice(start);
  };

  const end = () => {
    buffer = '';
    eventType = '';
    data = '';
    hasData = false;
  };

  return { push, end };
}
