/**
 * The audit benchmark of issue 10: 200,000 entries in one business and 50,000 in another, then
 * GET /api/audit at page 0 and page 1,000 (size 100), GET /api/audit/user/{id} and
 * GET /api/audit/event/{eventType} at page 0, each beside a bare Fastify + `pg` server sending the
 * same SQL (audit-pg-server.ts), in interleaved rounds.
 *
 * Reported: req/s and p99 of each side and the full / bare ratio of req/s (information: no target
 * was set for the audit log; DESIGN 13 asks for the ratio).
 */
import path from 'node:path';
import { API } from '@app/contracts';
import { requestRoleUrl, json, ownerWithBusiness, type FullStack } from '../http/full-stack.js';
import { measureLoad, writeLoadTable, type LoadResult, type LoadSettings } from '../http/load.js';
import { startBareServer, type Cleanup } from '../http/processes.js';
import { ratioCheck, type Check } from '../inventory/bench-checks.js';
import { generateAudit, type AuditShape } from './generate.js';

export const PAGE_SIZE = 100;
export const DEEP_PAGE = 1000;

export type AuditReport = {
  shape: AuditShape;
  generation: { entries: number; seconds: number };
  settings: LoadSettings;
  results: LoadResult[];
  checks: Check[];
  notes: string[];
};

const KEYS = ['first', 'deep', 'user', 'event'] as const;
type Key = (typeof KEYS)[number];

export async function runAuditBenchmark(options: {
  repoRoot: string;
  stack: FullStack;
  dataDir: string;
  shape: AuditShape;
  settings: LoadSettings;
  cleanup: Cleanup;
  log: (line: string) => void;
}): Promise<AuditReport> {
  const { repoRoot, stack, dataDir, shape, settings, cleanup, log } = options;
  const owner = await ownerWithBusiness(stack, dataDir, {
    email: `audit-bench-${Date.now()}@example.com`,
    businessName: 'Benchmark Audit',
  });
  log(`generating ${shape.entries} audit entries (+${shape.otherEntries} in another business) ...`);
  const generated = await generateAudit(stack.databaseUrl, owner, shape, log);
  log(`generated ${generated.entries} entries in ${generated.seconds.toFixed(1)} s`);

  const { url: bareUrl, process: bare } = await startBareServer({
    name: 'bare audit pg',
    script: path.join(repoRoot, 'bench/audit/audit-pg-server.ts'),
    repoRoot,
    env: {
      DATABASE_REQUEST_URL: await requestRoleUrl(stack, dataDir),
      BUSINESS_ID: owner.businessId,
      USER_ID: owner.userId,
    },
    cleanup,
  });

  const headers = {
    authorization: `Bearer ${owner.token}`,
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br, zstd',
  };
  const paths: Record<Key, { full: string; bare: string; page: number }> = {
    first: { full: API.audit.root, bare: '/audit', page: 0 },
    deep: { full: API.audit.root, bare: '/audit', page: DEEP_PAGE },
    user: {
      full: API.audit.byUser.replace(':userId', generated.busyUserId),
      bare: `/audit/user/${generated.busyUserId}`,
      page: 0,
    },
    event: {
      full: API.audit.byEvent.replace(':eventType', generated.eventType),
      bare: `/audit/event/${generated.eventType}`,
      page: 0,
    },
  };
  const url = (key: Key, side: 'full' | 'bare') =>
    `${side === 'full' ? stack.baseUrl : bareUrl}${paths[key][side]}?page=${paths[key].page}&size=${PAGE_SIZE}`;
  const names: Record<Key, string> = {
    first: `GET /api/audit page 0 (size ${PAGE_SIZE})`,
    deep: `GET /api/audit page ${DEEP_PAGE}`,
    user: 'GET /api/audit/user/{id} page 0',
    event: `GET /api/audit/event/${generated.eventType} page 0`,
  };

  const report: AuditReport = {
    shape,
    generation: { entries: generated.entries, seconds: generated.seconds },
    settings,
    results: [],
    checks: [],
    notes: [],
  };
  // Both sides must answer the same rows before anything is timed.
  for (const key of KEYS) {
    const [a, b] = (await Promise.all([
      fetch(url(key, 'full'), { headers }).then(json),
      fetch(url(key, 'bare')).then(json),
    ])) as Array<{ content: Array<{ id: string }>; totalElements: number }>;
    if (a?.content.map((row) => row.id).join() !== b?.content.map((row) => row.id).join())
      throw new Error(`${key}: the full stack and the bare reference answered different rows`);
    if (a?.content.length !== PAGE_SIZE) throw new Error(`${key}: expected ${PAGE_SIZE} rows`);
    if (a.totalElements !== b?.totalElements) throw new Error(`${key}: the totals differ`);
  }

  const byRow: Record<string, LoadResult[]> = {};
  for (let round = 1; round <= settings.rounds; round++) {
    log(`audit round ${round} of ${settings.rounds}`);
    for (const key of KEYS) {
      for (const side of ['full stack', 'bare pg, same SQL'] as const) {
        const name = `${side}  ${names[key]}`;
        log(`measuring ${name} ...`);
        const result = await measureLoad(
          side === 'full stack' ? { name, url: url(key, 'full'), headers } : { name, url: url(key, 'bare') },
          { ...settings, rounds: 1 },
        );
        report.results.push(result);
        (byRow[`${side}:${key}`] ??= []).push(result);
      }
    }
  }
  await bare.stop();

  const rps = (row: string) => (byRow[row] ?? []).map((r) => r.requestsPerSecond);
  const p99 = (row: string) => (byRow[row] ?? []).map((r) => r.latencyP99Ms);
  for (const key of KEYS) {
    report.checks.push(
      ratioCheck(
        `req/s full / bare, ${names[key]}`,
        rps(`full stack:${key}`),
        rps(`bare pg, same SQL:${key}`),
        undefined,
        '>=',
      ),
    );
  }
  for (const side of ['full stack', 'bare pg, same SQL'] as const) {
    report.checks.push(
      ratioCheck(
        `p99 ${side}, page ${DEEP_PAGE} / page 0`,
        p99(`${side}:deep`),
        p99(`${side}:first`),
        undefined,
        '<=',
      ),
    );
  }
  for (const result of report.results) {
    if (result.non2xx > 0 || result.errors > 0)
      report.notes.push(`${result.name}: ${result.non2xx} non-2xx and ${result.errors} errors`);
  }
  return report;
}

export function printAuditReport(report: AuditReport, write: (line: string) => void): void {
  const { shape, generation, settings } = report;
  write('');
  write(
    `Audit: ${generation.entries.toLocaleString('en')} entries in one business over ${shape.staff + 1} users, ` +
      `+${shape.otherEntries.toLocaleString('en')} in another; generated in ${generation.seconds.toFixed(1)} s`,
  );
  write(
    `${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s, ${settings.rounds} rounds`,
  );
  writeLoadTable(write, report.results, 72);
  write('');
  for (const check of report.checks) {
    write(
      `${check.name.padEnd(60)} ${check.value.toFixed(2).padStart(7)}  (${check.target}; rounds: ${check.rounds.map((v) => v.toFixed(2)).join(' ')})`,
    );
  }
  for (const note of report.notes) write(`note: ${note}`);
}
