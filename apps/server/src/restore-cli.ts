// `npm run restore -- FILE`: restores an archive of `npm run backup` into an empty data folder
// (the embedded PostgreSQL is initialised in DATA_DIR/pg) or an empty database (DATABASE_URL),
// migrates it to this release and sets up the request role, as a server start would.
import pino from 'pino';
import { BackupRefusal } from './platform/backup/manifest.js';
import { restoreBackup } from './platform/backup/restore.js';
import { ConfigError, loadConfig } from './platform/config.js';

const USAGE = 'Usage: npm run restore -- FILE';

async function run(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args[0];
  if (args.length !== 1 || !file || file.startsWith('-')) throw new BackupRefusal(USAGE);
  const config = loadConfig();
  const log = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
  const quiet = () => undefined;
  const result = await restoreBackup({
    config,
    file,
    log: { info: quiet, warn: (m) => log.warn(m), debug: quiet },
  });
  const { manifest } = result;
  const rows = manifest.tables.reduce((total, table) => total + table.rows, 0);
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(
    `Restored ${file} (made ${manifest.createdAt}) into ${result.target} in ${(result.ms / 1000).toFixed(1)} s`,
  );
  say(
    `  ${manifest.tables.length} tables, ${rows} rows checked against the manifest; ` +
      `${result.migrationsApplied} newer migrations applied`,
  );
  say(
    manifest.blobs.isIncluded
      ? `  ${manifest.blobs.count} blobs restored`
      : `  blobs not in the archive: ${manifest.blobs.note ?? ''}`,
  );
}

run().catch((error: unknown) => {
  process.stderr.write(
    error instanceof ConfigError || error instanceof BackupRefusal
      ? `${error.message}\n`
      : `The restore failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
