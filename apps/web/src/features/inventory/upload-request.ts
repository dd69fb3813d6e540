/** How far the sending of a body has gone; `total` is null when the browser cannot tell. */
export type SendProgress = { loaded: number; total: number | null };

export type RawAnswer = {
  status: number;
  header: (name: string) => string | null;
  /** The parsed JSON body, the text when it is not JSON, or null without a body. */
  body: unknown;
};

/** The request never got an answer (offline, refused, aborted). */
export class UnreachableError extends Error {
  constructor() {
    super('The server did not answer.');
    this.name = 'UnreachableError';
  }
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POSTs a form through XMLHttpRequest, the one browser API that reports how much of a request
 * body has been sent (fetch reports only the answer), so a large spreadsheet shows real progress.
 */
export function postFormWithProgress(
  url: string,
  form: FormData,
  headers: Record<string, string>,
  onProgress: (progress: SendProgress) => void,
  /** The whole body is out; the answer is on its way. */
  onSent: () => void = () => undefined,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    };
    // Not every browser reports progress for a body sent in one piece: the end still counts.
    request.upload.onload = () => onSent();
    request.onload = () => {
      resolve({
        status: request.status,
        header: (name) => request.getResponseHeader(name),
        body: parseBody(request.responseText),
      });
    };
    request.onerror = () => reject(new UnreachableError());
    request.onabort = () => reject(new UnreachableError());
    request.send(form);
  });
}
