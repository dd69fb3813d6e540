import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { AppError } from '../http/app-error.js';
import type { RawRow } from './raw-row.js';

/**
 * The rows of a CSV file as Excel and LibreOffice write them: UTF-8 (a BOM is dropped), `,` or
 * `;` (Excel in most of Europe) or tab between fields, whichever the header line uses most,
 * quoted fields with `""` for a quote and line breaks inside, CRLF or LF. Parsed as a stream
 * (csv-parse) in chunks, so the caller's row budget stops the work early.
 *
 * Row numbers are the record's position, as a spreadsheet shows the file: a quoted line break
 * keeps its record on one row, a blank line is a row of its own (csv-parse skips it and counts it:
 * handing it on as a record of one field costs it an error object per line, 6x the time).
 */
const CHUNK_BYTES = 64 * 1024;
/** The longest record: far beyond a row of codes and names, short of a file-long quoted field. */
const MAX_RECORD_CHARACTERS = 1024 * 1024;
const DELIMITERS = [',', ';', '\t'] as const;
const HEADER_SEARCH_BYTES = 64 * 1024;

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** What csv-parse tells of a record (and of an error): records so far, blank lines skipped so far. */
type Position = { records: number; empty_lines: number };

/** The file's bytes without a BOM, or 415 when they are not UTF-8 text. */
export function csvBody(data: Buffer): Buffer {
  if (
    data.subarray(0, 2).equals(Buffer.from([0xff, 0xfe])) ||
    data.subarray(0, 2).equals(Buffer.from([0xfe, 0xff]))
  )
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The CSV file is saved as UTF-16 ("Unicode Text"). Save it as "CSV UTF-8" and upload it again.',
    );
  const body = data.subarray(0, 3).equals(UTF8_BOM) ? data.subarray(3) : data;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return body;
  } catch {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The file is neither an Excel workbook (.xlsx) nor a UTF-8 CSV file. In Excel choose "Save As" then "CSV UTF-8", or upload the .xlsx.',
    );
  }
}

/** Reads the rows of `csvBody`'s answer. */
export async function* readCsvRows(body: Buffer): AsyncGenerator<RawRow> {
  const parser = parse({
    delimiter: detectDelimiter(body),
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: MAX_RECORD_CHARACTERS,
  });
  const source = Readable.from(chunks(body));
  source.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Position }>) {
      yield { row: info.records + info.empty_lines, cells: record };
    }
  } catch (error) {
    const { records, empty_lines: emptyLines } = error as Partial<Position>;
    const where = records === undefined ? '' : ` near row ${records + (emptyLines ?? 0) + 1}`;
    throw new AppError(
      'BAD_REQUEST',
      `The CSV file could not be read${where}: ${csvProblem(error)} Check the quotes around that row, or save the file again as CSV.`,
      undefined,
      {},
      error,
    );
  } finally {
    source.destroy();
    parser.destroy();
  }
}

/**
 * The delimiter the header uses most: the first line (up to a line break outside quotes) with
 * anything but spaces, quotes and delimiters in it, so that blank rows above the header (",,,")
 * do not decide. `,` when the header has none.
 */
export function detectDelimiter(body: Buffer): string {
  const counts = new Map<string, number>();
  let isQuoted = false;
  let hasText = false;
  // Every character looked for is ASCII, which UTF-8 never uses inside another character.
  for (const byte of body.subarray(0, HEADER_SEARCH_BYTES)) {
    const character = String.fromCharCode(byte);
    if (character === '"') isQuoted = !isQuoted;
    else if (!isQuoted && (character === '\n' || character === '\r')) {
      if (hasText) break;
      counts.clear();
    } else if (!isQuoted && (DELIMITERS as readonly string[]).includes(character)) {
      counts.set(character, (counts.get(character) ?? 0) + 1);
    } else if (character.trim() !== '') hasText = true;
  }
  let best = ',';
  for (const delimiter of DELIMITERS)
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** Byte chunks: csv-parse joins a character split between two of them. */
function* chunks(body: Buffer): Generator<Buffer> {
  for (let at = 0; at < body.length; at += CHUNK_BYTES) yield body.subarray(at, at + CHUNK_BYTES);
}

function csvProblem(error: unknown): string {
  switch ((error as { code?: unknown }).code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is never closed.';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
      return 'a quote appears inside a field that is not quoted.';
    case 'CSV_MAX_RECORD_SIZE':
      return 'a row is longer than 1 MB.';
    default:
      return 'it is not valid CSV.';
  }
}
