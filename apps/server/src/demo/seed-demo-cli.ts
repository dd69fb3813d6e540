// `npm run seed:demo`: opens the database exactly as the server does (embedded PostgreSQL in
// DATA_DIR unless DATABASE_URL; migrations; the request role), builds the app without listening,
// and seeds Demo Market through it. A second run changes nothing and says so.
import pino from 'pino';
import { ConfigError, loadConfig } from '../platform/config.js';
import { openDatabases } from '../start-up.js';
import { DEMO_BUSINESS_NAME } from './demo-account.js';
import { seedWithOwnApp } from './demo-start.js';

async function run(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const databases = await openDatabases(config, {
    info: () => undefined,
    warn: (m) => log.warn(m),
    debug: () => undefined,
  });
  try {
    const result = await seedWithOwnApp(config, databases, log, (line) =>
      say(`  ${line.replace(/^demo: /, '')}`),
    );
    say(
      result.status === 'created'
        ? `Done in ${(result.ms / 1000).toFixed(1)} s.`
        : `"${DEMO_BUSINESS_NAME}" already exists in this database: nothing was changed.`,
    );
    say(`Sign in as ${result.email} with the password ${result.password}`);
    say('(start the server with DEMO=1 to show an "Explore the demo" button on the login page)');
  } finally {
    await databases.close();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(
    error instanceof ConfigError
      ? `${error.message}\n`
      : `The demo could not be seeded: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
