// `npm run backup [-- [PATH] [--format=auto|app|custom]]`: one archive of the database (as of one
// snapshot; the server may keep running), the blobs and a manifest, written to PATH (a file, or a
// folder for the default name) or DATA_DIR/backups. Reads the server's configuration.
import pino from 'pino';
import { createBackup, type FormatChoice } from './platform/backup/backup.js';
import { BackupRefusal } from './platform/backup/manifest.js';
import { ConfigError, loadConfig } from './platform/config.js';

const USAGE = 'Usage: npm run backup [-- [PATH] [--format=auto|app|custom]]';

function parseArguments(args: string[]): { out: string | undefined; format: FormatChoice } {
  let out: string | undefined;
  let format: FormatChoice = 'auto';
  for (const arg of args) {
    const formatArg = /^--format=(auto|app|custom)$/.exec(arg);
    if (formatArg) format = formatArg[1] as FormatChoice;
    else if (arg === '--help' || arg === '-h' || arg.startsWith('-') || out !== undefined)
      throw new BackupRefusal(USAGE);
    else out = arg;
  }
  return { out, format };
}

async function run(): Promise<void> {
  const { out, format } = parseArguments(process.argv.slice(2));
  const config = loadConfig();
  const log = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
  const quiet = () => undefined;
  const result = await createBackup({
    config,
    out,
    format,
    log: { info: quiet, warn: (m) => log.warn(m), debug: quiet },
  });
  const { manifest } = result;
  const rows = manifest.tables.reduce((total, table) => total + table.rows, 0);
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(`Backup written: ${result.file}`);
  say(
    `  ${(result.bytes / 1024 / 1024).toFixed(1)} MB in ${(result.ms / 1000).toFixed(1)} s, from ${result.source}; ` +
      `PostgreSQL ${manifest.postgres.serverVersion}, ${manifest.dump.format} (${manifest.dump.tool})`,
  );
  say(
    `  ${manifest.tables.length} tables, ${rows} rows, migration ${manifest.migrations.lastTag ?? 'none'} (${manifest.migrations.count} applied)`,
  );
  say(
    manifest.blobs.isIncluded
      ? `  ${manifest.blobs.count} blobs, ${(manifest.blobs.bytes / 1024 / 1024).toFixed(1)} MB`
      : `  blobs not included: ${manifest.blobs.note ?? ''}`,
  );
}

run().catch((error: unknown) => {
  process.stderr.write(
    error instanceof ConfigError || error instanceof BackupRefusal
      ? `${error.message}\n`
      : `The backup failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
