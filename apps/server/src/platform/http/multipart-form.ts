import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.js';
import { validationError, zodFieldErrors } from './validation.js';

/** What a form may hold: text fields (some repeated), one JSON part, files. Anything else is refused. */
export type FormShape = {
  /** The part holding the JSON body (`business`, `store`), sent as a field or as a JSON file part. */
  jsonPart?: string;
  /** Plain text fields; their values arrive as strings. */
  fields?: readonly string[];
  /** Fields that may repeat (`locationIds`): always answered as arrays. */
  repeated?: readonly string[];
  /** File parts, each at most `maxFileBytes`. */
  files: readonly string[];
  maxFileBytes: number;
  /** How the form is named in messages: "the store". */
  what: string;
};

export type MultipartForm = {
  json: string | undefined;
  fields: Record<string, string | string[]>;
  files: Record<string, Buffer>;
};

/**
 * Reads a multipart/form-data request whole (the route's @fastify/multipart limits cap part count
 * and size). A part the shape does not name is a 400 that names it; a file over the limit a 413.
 */
export async function readMultipartForm(request: FastifyRequest, shape: FormShape): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send ${shape.what} as multipart/form-data.`);
  }
  const form: MultipartForm = { json: undefined, fields: {}, files: {} };
  const accepted = [
    shape.jsonPart,
    ...(shape.fields ?? []),
    ...(shape.repeated ?? []),
    ...shape.files,
  ].filter((name): name is string => name !== undefined);
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      if (part.type === 'file' && shape.files.includes(name)) {
        form.files[name] = await readFile(part, shape.maxFileBytes);
      } else if (name === shape.jsonPart) {
        form.json = await readJsonPart(part);
      } else if (part.type === 'field' && shape.repeated?.includes(name)) {
        const list = form.fields[name];
        form.fields[name] = [...(Array.isArray(list) ? list : []), String(part.value)];
      } else if (part.type === 'field' && shape.fields?.includes(name)) {
        form.fields[name] = String(part.value);
      } else {
        throw new AppError(
          'BAD_REQUEST',
          `The form has an unexpected part "${name}"; it accepts ${accepted.join(', ')}.`,
        );
      }
    }
  } catch (error) {
    throw formError(error) ?? error;
  }
  return form;
}

/** The text of the JSON part, sent as a text field or as a JSON file part. */
async function readJsonPart(part: Multipart): Promise<string> {
  if (part.type === 'field') {
    // A field sent with Content-Type application/json arrives parsed (by secure-json-parse, which
    // refuses __proto__); any other arrives as text.
    return typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
  }
  // Security review: a JSON part sent as a file must say it is JSON. Its bytes are only parsed,
  // never stored, but a part declared text/html or image/png is not what a client meant to send
  // here; 415 keeps the form's contract exact.
  if (!/^application\/json\s*(;|$)/i.test(part.mimetype)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The ${part.fieldname} part must be JSON: send it as a text field, or as a file of type application/json.`,
    );
  }
  return (await readFile(part, 1024 * 1024)).toString('utf8');
}

/**
 * The refusals of @fastify/multipart as the API's own errors (security review): without this a
 * form with too many parts answered `{code: BAD_REQUEST, message: "The request is not valid."}`
 * with 413, a field named `__proto__` the same with 400, and a JSON field that is not JSON 406.
 */
function formError(error: unknown): AppError | undefined {
  switch ((error as { code?: unknown }).code) {
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', 'The form has too many parts.');
    case 'FST_PROTO_VIOLATION':
      return new AppError('BAD_REQUEST', 'The form has a part whose name is not allowed.');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new AppError('BAD_REQUEST', 'A part of the form declared as JSON is not valid JSON.');
    default:
      return undefined;
  }
}

/** Parses the JSON part of a form with its schema: 400 with field errors, as a JSON body would. */
export function parseJsonPart<S extends z.ZodType>(
  form: MultipartForm,
  schema: S,
  partName: string,
): z.output<S> {
  if (form.json === undefined) {
    throw new AppError('VALIDATION_ERROR', `The form has no part named ${partName}.`, {
      fieldErrors: { [partName]: [`The ${partName} details are missing.`] },
    });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(form.json);
  } catch {
    throw new AppError('BAD_REQUEST', `The ${partName} part is not valid JSON.`);
  }
  return parseWith(schema, raw);
}

/** Validates with a schema; a failure is the usual 400 with `details.fieldErrors`. */
export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  assertNoNulCharacter(raw);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(zodFieldErrors(parsed.error));
  return parsed.data;
}

async function readFile(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  const data = await part.toBuffer();
  if (part.file.truncated || data.length > maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB. Choose a smaller one.`,
    );
  }
  return data;
}

const NUL_MESSAGE = 'Text cannot contain the NUL character (U+0000).';
const BROKEN_MESSAGE = 'Text cannot contain a broken character (a lone UTF-16 surrogate).';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Deeper than any request body the API takes: past it, the schema refuses the shape anyway. */
const NUL_SEARCH_DEPTH = 16;

/**
 * Security review: PostgreSQL text cannot hold U+0000, so a NUL in any string that reaches a query
 * (`{"name": "a\u0000"}`, `?input=%00`, a form field) was a database error (22021) and a 500; nor
 * can JSON hold a lone UTF-16 surrogate (`"\ud800"`), which made jsonb columns (loyalty rules, the
 * stored answers of idempotent requests) answer 500. Refuses either as the 400 of the field that
 * holds it; forms are checked here (parseWith), JSON bodies, queries and paths by a hook. Walks at
 * most NUL_SEARCH_DEPTH levels, without recursion: a deeply nested body must not overflow the stack.
 */
export function assertNoNulCharacter(value: unknown): void {
  const found = findUnstorableText(value);
  if (found !== null) throw validationError({ [found.field]: [found.message] });
}

/** The path ('name', 'locationIds.1') of a string PostgreSQL cannot store, and why; or null. */
function findUnstorableText(value: unknown): { field: string; message: string } | null {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      const field = next.path.join('.') || 'body';
      if (next.value.includes('\u0000')) return { field, message: NUL_MESSAGE };
      if (LONE_SURROGATE.test(next.value)) return { field, message: BROKEN_MESSAGE };
    } else if (typeof next.value === 'object' && next.value !== null && next.path.length < NUL_SEARCH_DEPTH) {
      for (const [key, inner] of Object.entries(next.value))
        pending.push({ value: inner, path: [...next.path, key] });
    }
  }
  return null;
}

/**
 * Refuses text PostgreSQL cannot store (NUL, lone surrogates: see assertNoNulCharacter) in any path,
 * query or JSON body value as a 400 on the field, before validation, for every route of a module
 * that adds this hook (the catalogue, inventory, movements, sales, loyalty). Multipart forms are
 * checked where they are parsed (multipart-form.ts).
 */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) assertNoNulCharacter(part);
}
