/**
 * `npm run bench`: builds the web app and the server, starts the server once, measures /login in
 * Chromium against it, then the public pages with Lighthouse and axe-core, then the HTTP benchmarks.
 * Targets are reported, not asserted: the exit code is non-zero only when something crashed.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printAuditReport, runAuditBenchmark } from './audit/audit-bench.js';
import { printCatalogueReport, runCatalogueBenchmark } from './catalogue/catalogue-bench.js';
import { printHttpReport, runHttpBenchmarks, startBenchServer } from './http/http-bench.js';
import {
  printInventoryUploadReport,
  runInventoryUploadBenchmark,
} from './inventory-upload/inventory-upload-bench.js';
import { Cleanup } from './http/processes.js';
import { printPurchasingReport, runPurchasingBenchmark } from './purchasing/purchasing-bench.js';
import { printSalesReport, runSalesBenchmark } from './sales/sales-bench.js';
import { estimateSiteSeconds, readSiteRuns, runSiteBenchmark } from './site/site-bench.js';
import { printSiteReport, type SiteReport } from './site/site-report.js';
import { runInventoryBenchmark } from './inventory/inventory-bench.js';
import { printInventoryReport } from './inventory/inventory-report.js';
import { buildWebApp, measureLoginPage, printWebSize, writeJson, type WebSizeReport } from './web-size.js';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const resultsDir = path.join(benchDir, 'results');

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a number of seconds (got ${JSON.stringify(raw)})`);
  return value;
}

/** Which steps run: `BENCH_STEPS=catalogue` runs one; all of them by default. */
const steps = new Set(
  (process.env.BENCH_STEPS ?? 'web,site,http,catalogue,inventory,inventory-upload,audit,sales,purchasing')
    .split(',')
    .map((step) => step.trim()),
);

const settings = {
  connections: Math.max(1, Math.round(seconds('BENCH_CONNECTIONS', 10))),
  warmupSeconds: seconds('BENCH_WARMUP', 1),
  durationSeconds: Math.max(1, seconds('BENCH_DURATION', 5)),
  rounds: Math.max(1, Math.round(seconds('BENCH_ROUNDS', 3))),
};
// The site step: Lighthouse runs per public page and preset (BENCH_SITE_RUNS, default 1).
const siteRuns = readSiteRuns();
// The catalogue step: a million products over 20 locations by default, 50 connections.
const catalogueProducts = Math.round(seconds('BENCH_CATALOGUE_PRODUCTS', 1_000_000));
const catalogueShape = {
  locations: 20,
  productsPerLocation: Math.max(100, Math.floor(catalogueProducts / 20)),
  otherBusinesses: 10,
};
const catalogueSettings = {
  ...settings,
  connections: Math.max(1, Math.round(seconds('BENCH_CATALOGUE_CONNECTIONS', 50))),
};
// The inventory upload step: 50,000 rows by default (BENCH_UPLOAD_ROWS).
const uploadRows = Math.round(seconds('BENCH_UPLOAD_ROWS', 50_000));
// The inventory step: 50,000 items at one location (at least 25,000: the spread decrements use
// 20,000 and page 2,000 must exist); decrements by 32 callers, the page at 50 connections.
const inventoryShape = {
  itemsPerLocation: Math.max((2 * 10_000) / 0.4, Math.round(seconds('BENCH_INVENTORY_ITEMS', 50_000))),
  spreadItems: 10_000,
  otherBusinesses: 3,
};
const inventoryDecrements = {
  callers: Math.max(1, Math.round(seconds('BENCH_INVENTORY_CALLERS', 32))),
  warmupSeconds: settings.warmupSeconds,
  durationSeconds: settings.durationSeconds,
};
const inventoryPage = {
  ...settings,
  connections: Math.max(1, Math.round(seconds('BENCH_INVENTORY_CONNECTIONS', 50))),
};
// The audit step: 200,000 entries in one business and 50,000 in another (BENCH_AUDIT_ENTRIES),
// at BENCH_AUDIT_CONNECTIONS (default 10, as the HTTP step).
const auditEntries = Math.round(seconds('BENCH_AUDIT_ENTRIES', 200_000));
const auditShape = {
  entries: Math.max(100 * 1001, auditEntries),
  otherEntries: Math.round(Math.max(100 * 1001, auditEntries) / 4),
  staff: 20,
};
const auditSettings = {
  ...settings,
  connections: Math.max(1, Math.round(seconds('BENCH_AUDIT_CONNECTIONS', 10))),
};
// The sales step: two years of sales, 10,000,000 lines by default (BENCH_SALES_LINES) over
// 20 stores x 20,000 products; 21 analytics calls at 10 connections, POST /api/sales at 10.
const salesLines = Math.round(seconds('BENCH_SALES_LINES', 10_000_000));
const salesShape = {
  stores: Math.max(2, Math.round(seconds('BENCH_SALES_STORES', 20))),
  products: Math.max(10, Math.round(seconds('BENCH_SALES_PRODUCTS', 20_000))),
  lines: Math.max(1000, salesLines),
  days: 730,
  categories: 40,
};
const salesSettings = {
  ...settings,
  connections: Math.max(1, Math.round(seconds('BENCH_SALES_CONNECTIONS', 10))),
};
// The purchasing step: 2,000 products under their reorder point at a store with 180 days of sales
// (BENCH_SUGGESTION_PRODUCTS), 10 suggestion calls and 10 receipts of 200 lines per side, the stock
// value over 50,000 items at 5 locations (BENCH_VALUE_ITEMS) at BENCH_CONNECTIONS.
const suggestionProducts = Math.max(1, Math.round(seconds('BENCH_SUGGESTION_PRODUCTS', 2_000)));
const purchasingReceipts = Math.max(1, Math.round(seconds('BENCH_RECEIPTS', 10)));
const purchasingShape = {
  suggestionProducts,
  locations: 5,
  // Every location as large: the store holds the products to suggest, the second the orders' lines.
  itemsPerLocation: Math.max(
    suggestionProducts,
    200 * (purchasingReceipts + 1),
    Math.ceil(Math.round(seconds('BENCH_VALUE_ITEMS', 50_000)) / 5),
  ),
  historyDays: 180,
  receiptOrders: purchasingReceipts + 1,
  receiptLines: 200,
};
const purchasingSettings = {
  suggestionCalls: Math.max(2, Math.round(seconds('BENCH_SUGGESTION_CALLS', 10))),
  receipts: purchasingReceipts,
  value: settings,
};
// 6 HTTP rows, 6 catalogue rows and 16 inventory rows a round (10 decrements, 2 adjust, 4 pages),
// plus builds, start-up, the browser and the generations (under 3 minutes), plus 3 uploads and
// their references (under 2 minutes); with the defaults 360 + 3 * 28 * 6 + 120 = 984 s at most.
const timeoutSeconds = seconds(
  'BENCH_TIMEOUT',
  360 +
    settings.rounds * 28 * (settings.warmupSeconds + settings.durationSeconds) +
    (steps.has('inventory-upload') ? 120 : 0) +
    // 13 pages x 2 presets x BENCH_SITE_RUNS Lighthouse runs (10-20 s each), then axe (about 15 s a page).
    (steps.has('site') ? estimateSiteSeconds(siteRuns) : 0) +
    // 8 audit rows a round, and the generation of 250,000 entries (under a minute).
    (steps.has('audit')
      ? 60 + settings.rounds * 8 * (settings.warmupSeconds + settings.durationSeconds)
      : 0) +
    // The generation (about a minute a million lines here), 21 calls once, 2 sale rows a round;
    // the reports: their stock (400,000 items: 1 to 3 minutes), 13 report rows and 4 reference rows.
    (steps.has('sales')
      ? 120 +
        (salesShape.lines / 1_000_000) * 90 +
        (21 + settings.rounds * 2) * (settings.warmupSeconds + settings.durationSeconds) +
        180 +
        17 * (settings.warmupSeconds + settings.durationSeconds)
      : 0) +
    // The generation (about a minute), 2 x 11 suggestion calls a side (seconds each at most),
    // 11 receipts a side, 2 stock value rows a round.
    (steps.has('purchasing')
      ? 60 +
        (purchasingShape.itemsPerLocation / 10_000) * 60 +
        2 * (purchasingSettings.suggestionCalls + 1) * 10 +
        (purchasingReceipts + 1) * 4 +
        settings.rounds * 2 * (settings.warmupSeconds + settings.durationSeconds)
      : 0),
);

const write = (line: string) => process.stdout.write(`${line}\n`);
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const cleanup = new Cleanup();

let finishing = false;
async function finish(code: number, message?: string): Promise<never> {
  if (!finishing) {
    finishing = true;
    if (message) process.stderr.write(`${message}\n`);
    await cleanup.runAll();
  }
  process.exit(code);
}

process.once('SIGINT', () => void finish(130, 'interrupted; cleaning up'));
process.once('SIGTERM', () => void finish(143, 'terminated; cleaning up'));
const watchdog = setTimeout(
  () => void finish(1, `The benchmark ran longer than ${timeoutSeconds} s (BENCH_TIMEOUT); stopping.`),
  timeoutSeconds * 1000,
);
watchdog.unref();

try {
  // The web app is built before the server starts: the server lists the files it serves at start.
  // The site step measures the pages of that build, so it asks for the build too.
  const webBuildProblem =
    steps.has('web') || steps.has('site') ? buildWebApp(repoRoot, log) : 'not asked for (BENCH_STEPS)';
  const server = await startBenchServer({ repoRoot, cleanup, log });
  if (steps.has('web')) {
    let web: WebSizeReport;
    if (webBuildProblem) {
      web = { status: 'skipped', reason: webBuildProblem };
    } else {
      log('opening /login in Chromium ...');
      web = await measureLoginPage(server.stack.baseUrl).catch((error: unknown): WebSizeReport => ({
        status: 'skipped',
        reason: `the browser measurement failed: ${error instanceof Error ? error.message : String(error)}`,
      }));
    }
    printWebSize(web, write);
    writeJson(path.join(resultsDir, 'web-size.json'), web);
  }
  if (steps.has('site')) {
    // Right after the web step, on the same server, before any load step has warmed or filled it.
    const site: SiteReport = webBuildProblem
      ? { status: 'skipped', reason: webBuildProblem }
      : await runSiteBenchmark({ baseUrl: server.stack.baseUrl, runs: siteRuns, cleanup, log });
    printSiteReport(site, write);
    writeJson(path.join(resultsDir, 'site.json'), site);
  }

  if (steps.has('http')) {
    const http = await runHttpBenchmarks({ repoRoot, settings, cleanup, log, server });
    printHttpReport(http, write);
    writeJson(path.join(resultsDir, 'http.json'), http);
  }

  if (steps.has('catalogue') && catalogueProducts > 0) {
    const catalogue = await runCatalogueBenchmark({
      repoRoot,
      stack: server.stack,
      dataDir: server.dataDir,
      shape: catalogueShape,
      settings: catalogueSettings,
      cleanup,
      log,
    });
    printCatalogueReport(catalogue, write);
    writeJson(path.join(resultsDir, 'catalogue.json'), catalogue);
  }
  if (steps.has('inventory')) {
    const inventory = await runInventoryBenchmark({
      repoRoot,
      stack: server.stack,
      dataDir: server.dataDir,
      shape: inventoryShape,
      decrementSettings: inventoryDecrements,
      pageSettings: inventoryPage,
      rounds: settings.rounds,
      cleanup,
      log,
    });
    printInventoryReport(inventory, write);
    writeJson(path.join(resultsDir, 'inventory.json'), inventory);
  }
  if (steps.has('inventory-upload') && uploadRows > 0) {
    const upload = await runInventoryUploadBenchmark({
      stack: server.stack,
      dataDir: server.dataDir,
      rows: uploadRows,
      cleanup,
      log,
    });
    printInventoryUploadReport(upload, write);
    writeJson(path.join(resultsDir, 'inventory-upload.json'), upload);
  }
  if (steps.has('audit') && auditEntries > 0) {
    const audit = await runAuditBenchmark({
      repoRoot,
      stack: server.stack,
      dataDir: server.dataDir,
      shape: auditShape,
      settings: auditSettings,
      cleanup,
      log,
    });
    printAuditReport(audit, write);
    writeJson(path.join(resultsDir, 'audit.json'), audit);
  }
  if (steps.has('sales') && salesLines > 0) {
    const sales = await runSalesBenchmark({
      repoRoot,
      stack: server.stack,
      dataDir: server.dataDir,
      shape: salesShape,
      analyticsSettings: salesSettings,
      saleSettings: salesSettings,
      cleanup,
      log,
    });
    printSalesReport(sales, write);
    writeJson(path.join(resultsDir, 'sales.json'), sales);
  }
  if (steps.has('purchasing')) {
    const purchasing = await runPurchasingBenchmark({
      repoRoot,
      stack: server.stack,
      dataDir: server.dataDir,
      shape: purchasingShape,
      settings: purchasingSettings,
      cleanup,
      log,
    });
    printPurchasingReport(purchasing, write);
    writeJson(path.join(resultsDir, 'purchasing.json'), purchasing);
  }
  write(
    `\nresults: ${path.relative(repoRoot, resultsDir)}/ (web-size.json, site.json, http.json, catalogue.json, inventory.json, inventory-upload.json, audit.json, sales.json, purchasing.json)`,
  );
  clearTimeout(watchdog);
  await finish(0);
} catch (error) {
  await finish(
    1,
    `The benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
}
