import { describe, expect, it } from 'vitest';
import {
  assertMembersMatch,
  BackupRefusal,
  migrationsUpToArchive,
  parseManifest,
  type Manifest,
} from './manifest.js';

const JOURNAL = [
  { when: 100, tag: '0000_init' },
  { when: 200, tag: '0001_next' },
  { when: 300, tag: '0002_last' },
];

function manifestAt(lastCreatedAt: number | null): Manifest {
  return {
    kind: 'retail-backoffice-backup',
    formatVersion: 1,
    app: { name: '@app/server', version: '0.0.0' },
    createdAt: '2026-01-01T00:00:00.000Z',
    postgres: { serverVersion: '18.4', serverVersionNum: 180004 },
    dump: { format: 'app-copy', tool: 'app-copy 1' },
    migrations: { count: 2, lastCreatedAt, lastTag: 'x' },
    jobQueue: { schema: 'pgboss', version: 24 },
    sourceRoles: [],
    tables: [],
    sequences: [],
    blobs: { storage: 'file', isIncluded: true, count: 0, bytes: 0 },
    members: { 'database/a': { bytes: 3, sha256: 'aa' }, 'blobs/b': { bytes: 1, sha256: 'bb' } },
  };
}

describe(migrationsUpToArchive.name, () => {
  it("answers this release's migrations up to the archive's last one", () => {
    expect(migrationsUpToArchive(manifestAt(200), JOURNAL).map((e) => e.tag)).toEqual([
      '0000_init',
      '0001_next',
    ]);
    expect(migrationsUpToArchive(manifestAt(300), JOURNAL)).toHaveLength(3);
  });

  it('refuses an archive of a newer release', () => {
    expect(() => migrationsUpToArchive(manifestAt(400), JOURNAL)).toThrow(/made by a newer release/);
  });

  it('refuses a migration this release does not know', () => {
    expect(() => migrationsUpToArchive(manifestAt(250), JOURNAL)).toThrow(/not one this release knows/);
  });
});

describe(assertMembersMatch.name, () => {
  const member = (name: string, bytes: number, sha256: string) => ({ name, file: name, bytes, sha256 });

  it('accepts the members the manifest names, with their checksums', () => {
    expect(() =>
      assertMembersMatch(manifestAt(300), [
        member('manifest.json', 9, 'x'),
        member('database/a', 3, 'aa'),
        member('blobs/b', 1, 'bb'),
      ]),
    ).not.toThrow();
  });

  it('refuses a changed, a missing or an added member', () => {
    const check = (members: ReturnType<typeof member>[]) => () =>
      assertMembersMatch(manifestAt(300), members);
    expect(check([member('database/a', 3, 'ab'), member('blobs/b', 1, 'bb')])).toThrow(
      /database\/a does not match its checksum/,
    );
    expect(check([member('database/a', 3, 'aa')])).toThrow(/blobs\/b is missing/);
    expect(
      check([member('database/a', 3, 'aa'), member('blobs/b', 1, 'bb'), member('blobs/c', 1, 'cc')]),
    ).toThrow(/blobs\/c is not in the manifest/);
  });
});

describe(parseManifest.name, () => {
  it('reads what the backup writes', () => {
    expect(parseManifest(JSON.stringify(manifestAt(300))).migrations.lastCreatedAt).toBe(300);
  });

  it('refuses text that is not a manifest of this app', () => {
    expect(() => parseManifest('not json')).toThrow(BackupRefusal);
    expect(() => parseManifest('{"kind":"something-else"}')).toThrow(/not a backup of this app/);
    expect(() => parseManifest(JSON.stringify({ ...manifestAt(300), formatVersion: 2 }))).toThrow(
      /another format/,
    );
  });
});
