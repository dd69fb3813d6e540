import { writeLoadTable, type LoadResult } from '../http/load.js';
import { median } from './bench-checks.js';
import type { DecrementResult } from './decrements.js';
import type { InventoryReport } from './inventory-bench.js';

/** The inventory step's tables and checks, as `npm run bench` prints them. */
export function printInventoryReport(report: InventoryReport, write: (line: string) => void): void {
  const { shape, generation, decrementSettings: d, pageSettings: p } = report;
  write('');
  write(
    `Inventory: ${generation.items.toLocaleString('en')} items (a location of ${shape.itemsPerLocation.toLocaleString('en')}, ` +
      `+${shape.otherBusinesses} other businesses of 10,000), generated with their ledger in ${generation.seconds.toFixed(1)} s`,
  );
  write(
    `Decrements: ${d.callers} concurrent callers, ${d.warmupSeconds} s warm-up + ${d.durationSeconds} s per row and round`,
  );
  const header = `${'side (median of the rounds)'.padEnd(64)} ${'target'.padEnd(7)} ${'ops/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`;
  write(header);
  write('-'.repeat(header.length));
  const keys = [...new Set(report.decrements.map((r) => `${r.side}|${r.target}`))];
  for (const key of keys) {
    const rows = report.decrements.filter((r) => `${r.side}|${r.target}` === key);
    const pick = (f: (r: DecrementResult) => number) => median(rows.map(f));
    const [side = '', target = ''] = key.split('|');
    write(
      `${side.padEnd(64)} ${target.padEnd(7)} ${pick((r) => r.perSecond)
        .toFixed(0)
        .padStart(8)} ${pick((r) => r.latencyP50Ms)
        .toFixed(2)
        .padStart(8)} ${pick((r) => r.latencyP99Ms)
        .toFixed(2)
        .padStart(8)} ${String(rows.reduce((sum, r) => sum + r.errors, 0)).padStart(7)}`,
    );
  }
  write(
    `stock function items whose quantity differs from their ledger after the run: ${report.ledgerMismatches}`,
  );
  write('');
  printLoadRows(
    `Adjust route (information): ${d.callers} connections, ${d.warmupSeconds} s warm-up + ${d.durationSeconds} s per row and round`,
    report.adjust,
    write,
  );
  write('');
  if (report.pageSkipped) {
    write(`Stock page: skipped (${report.pageSkipped})`);
  } else {
    printLoadRows(
      `Stock page: ${p.connections} connections, ${p.warmupSeconds} s warm-up + ${p.durationSeconds} s per row and round`,
      report.page,
      write,
    );
  }
  write('');
  for (const check of report.checks) {
    const verdict = check.pass === undefined ? '' : check.pass ? ': PASS' : ': BELOW';
    write(
      `${check.name.padEnd(78)} ${check.value.toFixed(2).padStart(7)}  ${check.target}${verdict}  (rounds: ${check.rounds.map((v) => v.toFixed(2)).join(' ')})`,
    );
  }
  for (const note of report.notes) write(`note: ${note}`);
}

function printLoadRows(title: string, results: LoadResult[], write: (line: string) => void): void {
  write(title);
  writeLoadTable(write, results, 64);
}
