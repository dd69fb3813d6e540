// `npm test`: builds what the browser tests need, runs every workspace's Vitest suite and the
// browser tests, and ends with one line "N passed, N failed" over all of them.
//
//   npm test                 everything
//   npm test -- server web   only these suites (contracts, server, web, bench, e2e)
//   npm test -- server --exclude='test/security/**'
//                            options starting with -- go to every selected suite's Vitest
//   TEST_BUILT=1 npm test    the build is fresh (CI builds beside the lint): do not build again
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SUITES = {
  contracts: { dir: 'packages/contracts' },
  server: { dir: 'apps/server' },
  web: { dir: 'apps/web' },
  // The benchmarks' own logic (how targets are judged), not the benchmarks: those are `npm run bench`.
  bench: { dir: 'bench' },
  e2e: { dir: 'e2e', needsBuild: true, needsChromium: true },
};

const wanted = process.argv.slice(2).filter((name) => name in SUITES);
const vitestOptions = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const selected = wanted.length ? wanted : Object.keys(SUITES);
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env, ...options });
  return result.status ?? 1;
}

if (selected.some((name) => SUITES[name].needsChromium)) ensureChromium();
if (selected.some((name) => SUITES[name].needsBuild) && process.env.TEST_BUILT !== '1') {
  if (run('npm', ['run', 'build']) !== 0) {
    console.error('The build failed; the browser tests need it.');
    process.exit(1);
  }
}

const reports = mkdtempSync(path.join(tmpdir(), 'test-reports-'));
let passed = 0;
let failed = 0;
let skipped = 0;
const failedSuites = [];
for (const name of selected) {
  const { dir } = SUITES[name];
  if (!existsSync(path.join(dir, 'package.json'))) continue;
  const outputFile = path.join(reports, `${name}.json`);
  console.log(`\n=== ${name} (${dir}) ===`);
  const status = run(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
      ...vitestOptions,
    ],
    {
      cwd: dir,
    },
  );
  let counted = false;
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    counted = true;
    if (report.numTotalTests === 0) {
      console.error(`${name}: no test ran`);
      failed += 1;
    }
  }
  if (status !== 0) {
    failedSuites.push(name);
    if (!counted) failed += 1;
  }
}
rmSync(reports, { recursive: true, force: true });

console.log('');
if (failedSuites.length) console.log(`Failing suites: ${failedSuites.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || failedSuites.length ? 1 : 0);

/** Browser tests drive Debian's Chromium; install it where we can (root with apt-get). */
function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium package for the browser tests.");
    run('apt-get', ['update']);
    if (run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']) === 0) return;
  }
  console.error(
    `Chromium was not found at ${chromium}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
      'or set CHROMIUM_PATH, then run the tests again.',
  );
  process.exit(1);
}
