import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';

/** apps/server/migrations, found from this file whether it runs from src/ or dist/ (same depth). */
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../migrations');

export async function runMigrations(db: NodePgDatabase): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'drizzle' });
}
