/**
 * The JavaScript the page /login fetches, as a browser receives it: Chromium opens /login on the
 * real built server (precompressed assets, its own Accept-Encoding) and waits for network idle;
 * every script fetched is counted with the bytes of its body on the wire, lazy chunks (the cookie
 * dialog, toasts) included.
 *
 * Run alone with `npx tsx --conditions=source bench/web-size.ts` (builds, starts a server with a
 * fresh embedded PostgreSQL, measures, stops); `npm run bench` runs it against its own server
 * before the HTTP benchmarks.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Request } from 'playwright-core';
import { startBenchServer } from './http/http-bench.js';
import { Cleanup } from './http/processes.js';
import { CHROMIUM_ARGS } from './chromium.js';

/** 1 kB = 1000 bytes. */
export const LOGIN_JS_TARGET_KB = 170;
const BUILD_TIMEOUT_MS = 180_000;
const PAGE_TIMEOUT_MS = 60_000;

export type WireScript = {
  /** Path and query of the script (same origin). */
  path: string;
  status: number;
  /** Body bytes as received (encoded), from the browser's network log. */
  wireBytes: number;
  /** The body after decoding: what the file weighs on disk. */
  rawBytes: number;
  /** `content-length` of the answer; undefined when it was sent chunked. */
  contentLength: number | undefined;
  contentEncoding: string;
};

export type WebSizeReport =
  | {
      status: 'measured';
      url: string;
      browser: string;
      /** The Accept-Encoding the browser sent for the first script. */
      acceptEncoding: string;
      scripts: WireScript[];
      totalWireBytes: number;
      totalWireKb: number;
      totalRawBytes: number;
      targetKb: number;
      pass: boolean;
      notes: string[];
    }
  | { status: 'skipped'; reason: string };

/** Builds apps/web (the precompressed files come with the build); undefined when it worked. */
export function buildWebApp(repoRoot: string, log: (line: string) => void): string | undefined {
  log('building apps/web (npm run build -w apps/web) ...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: BUILD_TIMEOUT_MS,
  });
  const distDir = path.join(repoRoot, 'apps/web/dist');
  if (result.status === 0 && existsSync(path.join(distDir, 'index.html'))) return undefined;
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-12).join('\n');
  const why = result.error ? result.error.message : `exit ${String(result.status)}`;
  return `the web build failed (${why}):\n${output}`;
}

/** Opens `${baseUrl}/login` in a fresh Chromium profile and counts every script it fetches. */
export async function measureLoginPage(baseUrl: string): Promise<WebSizeReport> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath))
    return { status: 'skipped', reason: `no Chromium at ${executablePath} (set CHROMIUM_PATH)` };
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    // A new context has an empty cache: this is a first visit, cookie dialog and all.
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending: Promise<WireScript | undefined>[] = [];
    const failed: string[] = [];
    let acceptEncoding = '';
    page.on('requestfinished', (request) => pending.push(readScript(request)));
    page.on('requestfailed', (request) => {
      if (request.resourceType() === 'script')
        failed.push(`${request.url()} (${request.failure()?.errorText})`);
    });
    page.on('request', (request) => {
      if (!acceptEncoding && request.resourceType() === 'script')
        void request.allHeaders().then((headers) => (acceptEncoding ||= headers['accept-encoding'] ?? ''));
    });
    const url = `${baseUrl}/login`;
    const response = await page.goto(url, { waitUntil: 'networkidle', timeout: PAGE_TIMEOUT_MS });
    if (!response?.ok()) return { status: 'skipped', reason: `${url} answered ${response?.status()}` };
    const scripts = (await Promise.all(pending))
      .filter((script): script is WireScript => script !== undefined)
      .sort((a, b) => b.wireBytes - a.wireBytes);
    await context.close();

    const notes: string[] = failed.map((line) => `script failed: ${line}`);
    for (const script of scripts) {
      if (script.contentLength !== undefined && script.contentLength !== script.wireBytes)
        notes.push(
          `${script.path}: content-length ${script.contentLength} differs from the ${script.wireBytes} bytes received`,
        );
    }
    // The build leaves a file without siblings only when compressing does not make it smaller.
    for (const script of scripts) {
      if (script.contentEncoding === 'identity' && script.rawBytes > 1000)
        notes.push(`${script.path} came uncompressed: was the web app built with its .br/.gz files?`);
    }
    const totalWireBytes = scripts.reduce((sum, s) => sum + s.wireBytes, 0);
    return {
      status: 'measured',
      url,
      browser: `Chromium ${browser.version()}`,
      acceptEncoding,
      scripts,
      totalWireBytes,
      totalWireKb: totalWireBytes / 1000,
      totalRawBytes: scripts.reduce((sum, s) => sum + s.rawBytes, 0),
      targetKb: LOGIN_JS_TARGET_KB,
      pass: totalWireBytes / 1000 <= LOGIN_JS_TARGET_KB,
      notes,
    };
  } finally {
    await browser.close();
  }
}

async function readScript(request: Request): Promise<WireScript | undefined> {
  const response = await request.response();
  if (!response) return undefined;
  const headers = await response.allHeaders();
  const isScript = request.resourceType() === 'script' || /javascript/.test(headers['content-type'] ?? '');
  if (!isScript) return undefined;
  const sizes = await request.sizes();
  const contentLength = headers['content-length'];
  const url = new URL(request.url());
  return {
    path: `${url.pathname}${url.search}`,
    status: response.status(),
    wireBytes: sizes.responseBodySize,
    rawBytes: (await response.body()).length,
    contentLength: contentLength === undefined ? undefined : Number(contentLength),
    contentEncoding: headers['content-encoding'] ?? 'identity',
  };
}

export function printWebSize(report: WebSizeReport, write: (line: string) => void): void {
  write('Web: every script /login fetches in Chromium (first visit, to network idle), bytes on the wire');
  if (report.status === 'skipped') {
    write(`  SKIPPED: ${report.reason}`);
    return;
  }
  write(`  ${report.browser}; Accept-Encoding: ${report.acceptEncoding || '(none seen)'}`);
  const header = `  ${'script'.padEnd(56)} ${'encoding'.padEnd(8)} ${'wire kB'.padStart(8)} ${'raw kB'.padStart(8)}`;
  write(header);
  write(`  ${'-'.repeat(header.length - 2)}`);
  for (const s of report.scripts) {
    write(
      `  ${s.path.padEnd(56)} ${s.contentEncoding.padEnd(8)} ${(s.wireBytes / 1000).toFixed(1).padStart(8)} ${(s.rawBytes / 1000).toFixed(1).padStart(8)}`,
    );
  }
  write(
    `  ${`total: ${report.scripts.length} scripts`.padEnd(56)} ${''.padEnd(8)} ${report.totalWireKb.toFixed(1).padStart(8)} ${(report.totalRawBytes / 1000).toFixed(1).padStart(8)}`,
  );
  for (const note of report.notes) write(`  note: ${note}`);
  write(
    `  JavaScript on the wire for /login: ${report.totalWireKb.toFixed(1)} kB (1 kB = 1000 bytes) ` +
      `target <= ${report.targetKb} kB: ${report.pass ? 'PASS' : 'BELOW'}`,
  );
}

export function writeJson(file: string, data: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const benchDir = path.dirname(fileURLToPath(import.meta.url));
  const repoRoot = path.resolve(benchDir, '..');
  const write = (line: string) => process.stdout.write(`${line}\n`);
  const log = (line: string) => process.stderr.write(`[web-size] ${line}\n`);
  const cleanup = new Cleanup();
  try {
    const buildProblem = buildWebApp(repoRoot, log);
    const report: WebSizeReport = buildProblem
      ? { status: 'skipped', reason: buildProblem }
      : await measureAgainstOwnServer(repoRoot, cleanup, log);
    printWebSize(report, write);
    writeJson(path.join(benchDir, 'results', 'web-size.json'), report);
  } finally {
    await cleanup.runAll();
  }
}

async function measureAgainstOwnServer(
  repoRoot: string,
  cleanup: Cleanup,
  log: (line: string) => void,
): Promise<WebSizeReport> {
  const server = await startBenchServer({ repoRoot, cleanup, log });
  return measureLoginPage(server.stack.baseUrl);
}
