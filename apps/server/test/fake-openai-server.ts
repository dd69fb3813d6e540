import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';

/**
 * An OpenAI-compatible chat completions server on loopback for the tests (issue 14): the app's
 * real openai SDK is pointed at `url` as its base URL, so requests go over HTTP in the API's own
 * wire format. Each request is answered by the test's script: a tool call, a final message, an
 * HTTP error, or any of these after a delay. Every request is recorded (headers and parsed body),
 * so a test can assert what the model saw: the system prompt, the tools, the tool results, the key.
 */

export type FakeToolCall = { name: string; arguments: string };

/** What the fake answers to one request. */
export type FakeStep =
  | { kind: 'tool-calls'; calls: FakeToolCall[] }
  | { kind: 'content'; content: string }
  | { kind: 'error'; status: number; message: string }
  | { kind: 'delay'; ms: number; then: FakeStep };

export type FakeOpenAiRequest = {
  method: string;
  path: string;
  /** Lower-case names, as node:http gives them. */
  headers: http.IncomingHttpHeaders;
  /** The body as the SDK sent it (parsed JSON; `null` when it was not JSON). */
  body: ChatCompletionCreateParamsNonStreaming | null;
};

/**
 * The steps in request order (a request past the end answers 400, which the SDK does not retry,
 * so a test that sends more than it scripted fails loudly), or a function of the request and its
 * index (from 0).
 */
export type FakeScript = readonly FakeStep[] | ((request: FakeOpenAiRequest, index: number) => FakeStep);

export type FakeOpenAi = {
  /** The base URL to give the SDK (ends in /v1, as OpenAI's does). */
  url: string;
  requests: FakeOpenAiRequest[];
  close: () => Promise<void>;
};

/** The model calls one tool; `args` is sent as written when a string (malformed JSON included). */
export function toolCall(name: string, args: string | Record<string, unknown> = {}): FakeStep {
  return {
    kind: 'tool-calls',
    calls: [{ name, arguments: typeof args === 'string' ? args : JSON.stringify(args) }],
  };
}

/** The model calls several tools in one message (parallel tool calls). */
export function toolCalls(...calls: Array<[string, string | Record<string, unknown>]>): FakeStep {
  return {
    kind: 'tool-calls',
    calls: calls.map(([name, args]) => ({
      name,
      arguments: typeof args === 'string' ? args : JSON.stringify(args),
    })),
  };
}

/** A final message; an object is sent as its JSON, a string as written (fences, prose). */
export function finalAnswer(
  content: string | { title: string; summary: string; followUps?: string[] },
): FakeStep {
  return { kind: 'content', content: typeof content === 'string' ? content : JSON.stringify(content) };
}

export function httpError(status: number, message = `Fake error ${status}`): FakeStep {
  return { kind: 'error', status, message };
}

export function delayed(ms: number, then: FakeStep): FakeStep {
  return { kind: 'delay', ms, then };
}

/** OpenAI's error types by status, so the SDK builds the same error class it would in production. */
function errorType(status: number): string {
  if (status === 401) return 'invalid_authentication';
  if (status === 429) return 'rate_limit_exceeded';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

export async function startFakeOpenAi(script: FakeScript): Promise<FakeOpenAi> {
  const requests: FakeOpenAiRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let completions = 0;

  const stepFor = (request: FakeOpenAiRequest, index: number): FakeStep => {
    if (typeof script === 'function') return script(request, index);
    return script[index] ?? httpError(400, `The fake's script has no step ${index + 1}.`);
  };

  const answer = (
    response: http.ServerResponse,
    request: FakeOpenAiRequest,
    step: FakeStep,
    index: number,
  ) => {
    // The client may have given up (its timeout) while the step waited.
    if (response.destroyed) return;
    if (step.kind === 'delay') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer(response, request, step.then, index);
      }, step.ms);
      timers.add(timer);
      return;
    }
    if (step.kind === 'error') {
      response.writeHead(step.status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: { message: step.message, type: errorType(step.status), param: null, code: null },
        }),
      );
      return;
    }
    const isToolCall = step.kind === 'tool-calls';
    const body = {
      id: `chatcmpl-fake-${index + 1}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.body?.model ?? 'fake-model',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: isToolCall ? null : step.content,
            refusal: null,
            ...(isToolCall
              ? {
                  tool_calls: step.calls.map((call, position) => ({
                    id: `call_${index + 1}_${position + 1}`,
                    type: 'function',
                    function: { name: call.name, arguments: call.arguments },
                  })),
                }
              : {}),
          },
          logprobs: null,
          finish_reason: isToolCall ? 'tool_calls' : 'stop',
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = http.createServer((incoming, response) => {
    let raw = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (raw += chunk));
    incoming.on('end', () => {
      const path = new URL(incoming.url ?? '/', 'http://fake').pathname;
      let body: ChatCompletionCreateParamsNonStreaming | null;
      try {
        body = JSON.parse(raw) as ChatCompletionCreateParamsNonStreaming;
      } catch {
        body = null;
      }
      const request: FakeOpenAiRequest = {
        method: incoming.method ?? '',
        path,
        headers: incoming.headers,
        body,
      };
      requests.push(request);
      if (incoming.method !== 'POST' || path !== '/v1/chat/completions') {
        answer(response, request, httpError(404, `Unknown path ${path}.`), 0);
        return;
      }
      const index = completions++;
      answer(response, request, stepFor(request, index), index);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        // Delayed answers hold their connections open; server.close alone would wait for them.
        server.closeAllConnections();
      }),
  };
}
