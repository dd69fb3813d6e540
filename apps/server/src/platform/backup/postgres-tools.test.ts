import { describe, expect, it } from 'vitest';
import { parsePostmasterPid } from './cluster-access.js';
import { orderParentsFirst } from './database-dump.repository.js';
import { candidateDirs, parseToolVersion } from './postgres-tools.js';

describe(parseToolVersion.name, () => {
  it("reads the major of Debian's and upstream's version lines", () => {
    expect(parseToolVersion('pg_dump (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)\n')?.major).toBe(15);
    expect(parseToolVersion('pg_restore (PostgreSQL) 18.4')?.major).toBe(18);
    expect(parseToolVersion('something else')).toBeNull();
  });
});

describe(candidateDirs.name, () => {
  it('looks in PG_BIN_DIR, then PATH, then /usr/lib/postgresql from the highest major down', () => {
    expect(
      candidateDirs({ PG_BIN_DIR: '/opt/pg/bin', PATH: '/usr/local/bin:/usr/bin' }, ['9', '15', '18', 'x']),
    ).toEqual([
      '/opt/pg/bin',
      '/usr/local/bin',
      '/usr/bin',
      '/usr/lib/postgresql/18/bin',
      '/usr/lib/postgresql/15/bin',
      '/usr/lib/postgresql/9/bin',
    ]);
  });
});

describe(parsePostmasterPid.name, () => {
  it('reads the pid, the port and whether the server is ready', () => {
    const text = '4242\n/data/pg/cluster\n1795000000\n54321\n\n127.0.0.1\n  1234  5678\nready   \n';
    expect(parsePostmasterPid(text)).toEqual({ pid: 4242, port: 54321, isReady: true });
    expect(parsePostmasterPid(text.replace('ready', 'starting'))?.isReady).toBe(false);
    expect(parsePostmasterPid('')).toBeNull();
  });
});

describe(orderParentsFirst.name, () => {
  const table = (oid: number, name: string) => ({ oid, schema: 'public', name });

  it('puts every table after the tables its foreign keys name, by name among equals', () => {
    const tables = [table(1, 'sale_lines'), table(2, 'sales'), table(3, 'businesses'), table(4, 'audit')];
    const references = [
      { child: 1, parent: 2 },
      { child: 2, parent: 3 },
      { child: 4, parent: 3 },
      { child: 2, parent: 2 },
    ];
    expect(orderParentsFirst(tables, references).map((t) => t.name)).toEqual([
      'businesses',
      'audit',
      'sales',
      'sale_lines',
    ]);
  });
});
