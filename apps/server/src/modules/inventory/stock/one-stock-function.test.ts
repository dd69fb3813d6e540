import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN 4: every quantity change goes through the one stock function, which writes the ledger
 * row with it. This scans every source file of the server (tests included) for SQL or drizzle
 * code that sets `inventory_items.quantity`; only stock.repository.ts may hold it. Test fixtures
 * that need stock write it in test/factories, with its ledger row.
 */

const SOURCE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const THE_STOCK_REPOSITORY = path.join('modules', 'inventory', 'stock', 'stock.repository.ts');
const THIS_FILE = path.join('modules', 'inventory', 'stock', 'one-stock-function.test.ts');

/** Each finds a statement that could set the quantity; the text between is bounded to one statement. */
const QUANTITY_WRITERS: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  {
    what: 'SQL UPDATE of inventory_items that sets quantity',
    pattern:
      /update\s+(?:only\s+)?(?:public\.)?"?inventory_items"?\b[^;`']*?\bset\b[^;`']*?\bquantity"?\s*=/gi,
  },
  {
    what: 'SQL INSERT into inventory_items that names quantity',
    pattern: /insert\s+into\s+(?:public\.)?"?inventory_items"?\b[^;`']*?\bquantity\b/gi,
  },
  {
    what: 'SQL MERGE into inventory_items',
    pattern: /merge\s+into\s+(?:public\.)?"?inventory_items"?\b/gi,
  },
  {
    what: 'drizzle update(inventoryItems) setting quantity',
    pattern: /\.update\(\s*inventoryItems\s*\)[\s\S]{0,300}?\.set\(\s*\{[^}]*\bquantity\b/g,
  },
  {
    what: 'drizzle insert(inventoryItems)',
    pattern: /\.insert\(\s*inventoryItems\s*\)/g,
  },
];

async function sourceFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await sourceFiles(full)));
    else if (/\.(ts|mts|js|mjs|sql)$/.test(entry.name)) found.push(full);
  }
  return found;
}

function quantityWrites(text: string): string[] {
  return QUANTITY_WRITERS.flatMap(({ what, pattern }) =>
    [...text.matchAll(pattern)].map((match) => `${what}: ${match[0].replace(/\s+/g, ' ').slice(0, 120)}`),
  );
}

describe('the one stock function', () => {
  it('recognises every way of writing a quantity it guards against', () => {
    const samples = [
      'update inventory_items set active = true, quantity = 0 where id = $1',
      'UPDATE "inventory_items" SET "quantity" = "quantity" - 1',
      'insert into inventory_items (business_id, id, quantity) values ($1, $2, 5)',
      'merge into inventory_items using x on true when matched then update set quantity = 1',
      'tx.update(inventoryItems).set({ active: false, quantity: 3 })',
      'tx.insert(inventoryItems).values(rows)',
    ];
    expect(samples.map((sample) => quantityWrites(sample).length)).toEqual(samples.map(() => 1));
    expect(
      quantityWrites('update inventory_items set active = $4, updated_at = now() where id = $2'),
    ).toEqual([]);
  });

  it('finds no code outside stock.repository.ts that sets inventory_items.quantity', async () => {
    const files = await sourceFiles(SOURCE_ROOT);
    expect(files.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    let guarded = 0;
    for (const file of files) {
      const relative = path.relative(SOURCE_ROOT, file);
      if (relative === THIS_FILE) continue;
      const writes = quantityWrites(await readFile(file, 'utf8'));
      if (relative === THE_STOCK_REPOSITORY) guarded = writes.length;
      else offenders.push(...writes.map((write) => `${relative}: ${write}`));
    }
    expect(offenders).toEqual([]);
    // The scan does see the stock function's own UPDATE (and its INSERT of items at 0).
    expect(guarded).toBeGreaterThanOrEqual(2);
  });
});
