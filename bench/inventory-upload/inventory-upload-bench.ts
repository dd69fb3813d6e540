/**
 * The spreadsheet benchmark of the inventory issue: 50,000 rows of stock through
 * POST /api/inventory/bulk-upload over HTTP, as CSV (add: every item created) and as XLSX (add:
 * every item changed), then the CSV again in set mode, each beside the same rows applied with
 * bare `pg` (COPY and one statement, reference.ts) in the same run. Target: each upload under
 * 20 s end to end on this machine (reported, not asserted); the ratio to bare shows what the
 * application adds (HTTP, parsing, row checks, row-level security, the stock function's checks).
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API } from '@app/contracts';
import { json, ownerWithBusiness, type FullStack } from '../http/full-stack.js';
import type { Cleanup } from '../http/processes.js';
import { benchSku, generateProducts, LOCATIONS } from './generate.js';
import { applyWithBarePg, type ReferenceMode } from './reference.js';
import { benchRows, csvOf, xlsxOf } from './sheets.js';

export const UPLOAD_TARGET_SECONDS = 20;

export type UploadRun = {
  name: string;
  format: 'csv' | 'xlsx';
  mode: 'add' | 'set';
  bytes: number;
  seconds: number;
  bareSeconds: number;
  /** seconds / bareSeconds: how many times the bare work the upload takes. */
  ratio: number;
  answer: unknown;
  pass: boolean;
};

export type InventoryUploadReport = {
  rows: number;
  generationSeconds: number;
  runs: UploadRun[];
  checks: Array<{ name: string; pass: boolean; detail: string }>;
};

async function uploadSheet(
  stack: FullStack,
  token: string,
  file: Buffer,
  name: string,
  mode: 'add' | 'set',
): Promise<{ seconds: number; answer: unknown }> {
  const form = new FormData();
  form.append('mode', mode);
  form.append('file', new Blob([file]), name);
  const started = performance.now();
  const response = await fetch(`${stack.baseUrl}${API.inventory.bulkUpload}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(300_000),
  });
  const answer = await json(response);
  return { seconds: (performance.now() - started) / 1000, answer };
}

export async function runInventoryUploadBenchmark(options: {
  stack: FullStack;
  dataDir: string;
  rows: number;
  cleanup: Cleanup;
  log: (line: string) => void;
}): Promise<InventoryUploadReport> {
  const { stack, dataDir, rows, cleanup, log } = options;
  const owner = await ownerWithBusiness(stack, dataDir, {
    email: `upload-bench-${Date.now()}@example.com`,
    businessName: 'Upload Benchmark',
  });
  const perLocation = Math.ceil(rows / LOCATIONS.length);
  log(`generating ${LOCATIONS.length} x ${perLocation} products in two businesses ...`);
  const generationStarted = performance.now();
  const { referenceBusinessId } = await generateProducts(stack.databaseUrl, owner.businessId, perLocation);
  const generationSeconds = (performance.now() - generationStarted) / 1000;

  const sheetRows = benchRows(rows, LOCATIONS, benchSku);
  const csv = csvOf(sheetRows);
  const xlsx = xlsxOf(sheetRows);
  // The database server reads the CSV for COPY: a folder and file it may open.
  const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-upload-'));
  cleanup.add(`remove ${folder}`, () => rm(folder, { recursive: true, force: true }));
  await chmod(folder, 0o755);
  const csvPath = path.join(folder, 'rows.csv');
  await writeFile(csvPath, csv, { mode: 0o644 });

  const plan: Array<{ name: string; format: 'csv' | 'xlsx'; mode: 'add' | 'set'; bare: ReferenceMode }> = [
    {
      name: `CSV, add: ${rows.toLocaleString('en')} items created`,
      format: 'csv',
      mode: 'add',
      bare: 'create',
    },
    {
      name: `XLSX, add: ${rows.toLocaleString('en')} items changed`,
      format: 'xlsx',
      mode: 'add',
      bare: 'add',
    },
    { name: `CSV, set: ${rows.toLocaleString('en')} counts`, format: 'csv', mode: 'set', bare: 'set' },
  ];
  const runs: UploadRun[] = [];
  for (const step of plan) {
    log(`uploading ${step.name} ...`);
    const file = step.format === 'csv' ? csv : xlsx;
    const upload = await uploadSheet(stack, owner.token, file, `stock.${step.format}`, step.mode);
    log(`  ${upload.seconds.toFixed(2)} s; bare pg ...`);
    const bare = await applyWithBarePg(stack.databaseUrl, referenceBusinessId, csvPath, step.bare);
    if (bare.rows !== rows) throw new Error(`the bare reference wrote ${bare.rows} ledger rows, not ${rows}`);
    runs.push({
      ...step,
      bytes: file.length,
      seconds: upload.seconds,
      bareSeconds: bare.seconds,
      ratio: upload.seconds / bare.seconds,
      answer: upload.answer,
      pass: upload.seconds < UPLOAD_TARGET_SECONDS,
    });
  }
  return {
    rows,
    generationSeconds,
    runs,
    checks: await checkResult(stack.databaseUrl, owner.businessId, [referenceBusinessId], rows),
  };
}

/** Both businesses hold what the sheets say, and every quantity is the sum of its ledger. */
async function checkResult(
  ownerUrl: string,
  businessId: string,
  references: readonly string[],
  rows: number,
): Promise<InventoryUploadReport['checks']> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const checks: InventoryUploadReport['checks'] = [];
    for (const [label, id] of [
      ['upload', businessId],
      ...references.map((r) => ['bare reference', r] as const),
    ] as const) {
      const {
        rows: [stock],
      } = await client.query<{ items: number; units: string; unbalanced: number }>(
        `select count(*)::int as items, sum(i.quantity)::text as units,
                count(*) filter (where i.quantity <> coalesce(l.total, 0))::int as unbalanced
         from inventory_items i
         left join (select inventory_id, sum(delta) as total from stock_ledger where business_id = $1 group by inventory_id) l
           on l.inventory_id = i.id
         where i.business_id = $1`,
        [id],
      );
      const expectedUnits = Array.from({ length: rows }, (_, index) => 1 + (index % 50)).reduce(
        (a, b) => a + b,
        0,
      );
      checks.push({
        name: `${label}: ${rows} items at the counted quantities, each the sum of its ledger`,
        pass: stock?.items === rows && Number(stock.units) === expectedUnits && stock.unbalanced === 0,
        detail: `items ${stock?.items}, units ${stock?.units} (expected ${expectedUnits}), unbalanced ${stock?.unbalanced}`,
      });
    }
    return checks;
  } finally {
    await client.end();
  }
}

export function printInventoryUploadReport(
  report: InventoryUploadReport,
  write: (line: string) => void,
): void {
  write('');
  write(
    `Inventory upload: ${report.rows.toLocaleString('en')} rows over HTTP against bare pg (COPY + one statement), ` +
      `products generated in ${report.generationSeconds.toFixed(1)} s`,
  );
  const header = `${'upload'.padEnd(40)} ${'MB'.padStart(6)} ${'seconds'.padStart(8)} ${'bare s'.padStart(7)} ${'x bare'.padStart(7)}  target < ${UPLOAD_TARGET_SECONDS} s`;
  write(header);
  write('-'.repeat(header.length));
  for (const run of report.runs) {
    write(
      `${run.name.padEnd(40)} ${(run.bytes / 1e6).toFixed(2).padStart(6)} ${run.seconds.toFixed(2).padStart(8)} ` +
        `${run.bareSeconds.toFixed(2).padStart(7)} ${run.ratio.toFixed(1).padStart(7)}  ${run.pass ? 'PASS' : 'BELOW'}`,
    );
  }
  for (const check of report.checks) write(`${check.pass ? 'ok  ' : 'FAIL'} ${check.name} (${check.detail})`);
}
