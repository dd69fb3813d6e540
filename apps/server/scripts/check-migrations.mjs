// Fails when the drizzle tables and the committed migrations differ: generates into a copy of
// the migrations folder and expects drizzle-kit to find nothing to add.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';

const copy = '.migrations-check';
rmSync(copy, { recursive: true, force: true });
try {
  cpSync('migrations', copy, { recursive: true });
  const config = `${copy}/drizzle.config.mjs`;
  writeFileSync(
    config,
    `export default ${JSON.stringify({
      dialect: 'postgresql',
      schema: ['./src/modules/**/*.table.ts', './src/platform/**/*.table.ts'],
      out: `./${copy}`,
      migrations: { schema: 'drizzle' },
    })};\n`,
  );
  const output = execFileSync('npx', ['drizzle-kit', 'generate', '--config', config, '--name', 'drift'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (!output.includes('No schema changes')) {
    console.error(output);
    console.error(
      'The tables differ from the committed migrations. Run "npm run db:generate" and commit the result.',
    );
    process.exit(1);
  }
  console.log('Migrations match the tables.');
} finally {
  rmSync(copy, { recursive: true, force: true });
}
