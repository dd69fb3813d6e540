import { describe, expect, it } from 'vitest';
import { assertManifestNames, BackupRefusal, type Manifest, type ManifestTable } from './manifest.js';

/**
 * Attacks on the manifest of an archive handed to `npm run restore` (issue 17): its names become
 * SQL (tables, columns, the digest's ORDER BY, sequences) and paths (a table's member). Each must
 * be one a backup of this app writes, or the archive is refused before anything is touched.
 */

const SCHEMAS = ['public', 'drizzle', 'pgboss'];
const MEMBER = 'database/tables/001-public.users.copy.gz';

function table(change: Partial<ManifestTable> = {}): ManifestTable {
  return {
    schema: 'public',
    name: 'users',
    columns: ['id', 'email'],
    orderBy: ['"id"'],
    rows: 1,
    contentSha256: 'aa',
    member: MEMBER,
    ...change,
  };
}

function manifestWith(change: Partial<Manifest> = {}): Manifest {
  return {
    kind: 'retail-backoffice-backup',
    formatVersion: 1,
    app: { name: '@app/server', version: '0.0.0' },
    createdAt: '2026-01-01T00:00:00.000Z',
    postgres: { serverVersion: '18.4', serverVersionNum: 180004 },
    dump: { format: 'app-copy', tool: 'app-copy 1' },
    migrations: { count: 2, lastCreatedAt: 1, lastTag: 'x' },
    jobQueue: { schema: 'pgboss', version: 24 },
    sourceRoles: [],
    tables: [
      table(),
      table({ schema: 'pgboss', name: 'job', orderBy: ['"id"'], member: undefined }),
      table({ name: 'audit_logs', orderBy: ['t::text COLLATE "C"'], member: undefined }),
      table({ name: 'stores', orderBy: ['"business_id" COLLATE "C"', '"id"'], member: undefined }),
    ],
    sequences: [{ schema: 'public', name: 'sale_number_seq', lastValue: '9', isCalled: true }],
    blobs: { storage: 'file', isIncluded: true, count: 0, bytes: 0 },
    members: { [MEMBER]: { bytes: 3, sha256: 'aa' } },
    ...change,
  };
}

const refusal = (manifest: Manifest) => {
  try {
    assertManifestNames(manifest, SCHEMAS);
  } catch (error) {
    return error;
  }
  return undefined;
};

describe(assertManifestNames.name, () => {
  it('accepts the names a backup writes: plain identifiers, quoted key columns, the whole row', () => {
    expect(refusal(manifestWith())).toBeUndefined();
  });

  it.each([
    ['a table name carrying SQL', table({ name: 'x"; drop table users; --' })],
    ['a column name carrying SQL', table({ columns: ['id', 'email") from users; drop table users; --'] })],
    ['a schema that is not the app’s', table({ schema: 'pg_catalog', name: 'pg_authid' })],
    ['a schema name carrying SQL', table({ schema: 'public"; drop table users; --' })],
    // The digest's ORDER BY is an expression: lo_export writes any file the server may write.
    [
      'an ORDER BY that calls a function',
      table({ orderBy: ['"id"', `(select lo_export(lo_from_bytea(0, 'x'), '/tmp/pwned'))`] }),
    ],
    ['an ORDER BY that ends the COPY', table({ orderBy: ['"id") TO STDOUT; DROP TABLE users; --'] })],
    ['an ORDER BY with a quote inside the key', table({ orderBy: ['"id"" , pg_sleep(10) , ""x"'] })],
    ['an ORDER BY on another collation', table({ orderBy: ['"id" COLLATE "de_DE"'] })],
    ['no ORDER BY at all', table({ orderBy: [] })],
    ['a member outside the unpacked folder', table({ member: '../../../../etc/hostname' })],
    ['a member that the archive does not hold', table({ member: 'database/tables/002-public.x.copy.gz' })],
    ['a member that is a blob', table({ member: 'blobs/inventory/x.copy.gz' })],
  ])('refuses %s in one line', (_what, hostile) => {
    const base = manifestWith();
    const error = refusal({ ...base, tables: [...base.tables, hostile] });
    expect(error).toBeInstanceOf(BackupRefusal);
    expect((error as Error).message.split('\n')).toHaveLength(1);
    expect((error as Error).message).toMatch(/it was altered, and nothing was restored\.$/);
  });

  it('refuses a table named twice (its rows would be loaded twice)', () => {
    const base = manifestWith();
    expect(refusal({ ...base, tables: [...base.tables, table()] })).toBeInstanceOf(BackupRefusal);
  });

  it.each([
    ['a sequence name carrying SQL', { schema: 'public', name: "x'::regclass); drop table users; --" }],
    ['a sequence of another schema', { schema: 'pg_catalog', name: 'pg_class_oid_seq' }],
  ])('refuses %s', (_what, sequence) => {
    const base = manifestWith();
    expect(
      refusal({ ...base, sequences: [...base.sequences, { ...sequence, lastValue: '1', isCalled: true }] }),
    ).toBeInstanceOf(BackupRefusal);
  });

  it('shows a long or multi-line hostile name cut short on one line', () => {
    const base = manifestWith();
    const error = refusal({ ...base, tables: [table({ name: `evil\n${'x'.repeat(10_000)}` })] });
    expect((error as Error).message.split('\n')).toHaveLength(1);
    expect((error as Error).message.length).toBeLessThan(300);
  });
});
