import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { createOwnerWithBusiness } from './support/api.js';
import { signIn, usePage } from './support/browser.js';
import { addLocation, choose } from './support/dialogs.js';
import { setPlan } from './support/database.js';
import { screenshots } from './support/screens.js';

const browserPage = usePage();

/** The quantity cell of a stock row: its last number, after the low-stock badge if any. */
async function quantityOf(row: Locator): Promise<string> {
  const cells = row.getByRole('cell');
  const text = (await cells.nth(2).innerText()).trim();
  return text.split(/\s+/).pop() ?? '';
}

describe('inventory', () => {
  it('an owner fills a store and a warehouse from a spreadsheet, adjusts and counts, and the history explains the number', async () => {
    const page = browserPage.page();
    const shot = screenshots('inventory');
    const owner = await createOwnerWithBusiness('Quay Street Pantry');
    // Spreadsheet uploads need the Basic plan (DESIGN 6).
    await setPlan(owner.businessId, 'BASIC');
    await signIn(page, owner.email, owner.password, '/dashboard');

    // A store location and a warehouse location.
    await page.goto('/dashboard/stores?tab=locations');
    await addLocation(page, 'Quay Street', 'Bristol');
    await addLocation(page, 'Harbour Depot', 'Avonmouth');

    await page.getByRole('tab', { name: /Stores/ }).click();
    await page.getByRole('button', { name: 'Add store' }).first().click();
    const storeDialog = page.getByRole('dialog', { name: 'Add store' });
    await storeDialog.getByLabel(/^Name/).fill('Quay Street Pantry');
    await choose(page, storeDialog, 'Location', 'Quay Street');
    await storeDialog.getByRole('button', { name: 'Add store' }).click();
    await storeDialog.waitFor({ state: 'hidden' });

    await page.goto('/dashboard/warehouse');
    await page.getByRole('button', { name: 'Add warehouse' }).first().click();
    const warehouseDialog = page.getByRole('dialog', { name: 'Add warehouse' });
    await warehouseDialog.getByLabel(/^Name/).fill('Harbour Depot Warehouse');
    await choose(page, warehouseDialog, 'Location', 'Harbour Depot');
    await warehouseDialog.getByRole('button', { name: 'Add warehouse' }).click();
    await warehouseDialog.waitFor({ state: 'hidden' });

    // One product at both places.
    await page.goto('/dashboard/product');
    await choose(page, page.locator('main'), 'Location', 'Quay Street');
    await page.getByRole('button', { name: 'Add product' }).first().click();
    const productDialog = page.getByRole('dialog', { name: 'Add product' });
    await productDialog.getByLabel(/^Name/).fill('Oat Milk 1 l');
    await productDialog.getByLabel(/^SKU/).fill('OAT-1L');
    await productDialog.getByLabel(/^Price/).fill('2.40');
    await productDialog.getByRole('combobox', { name: 'Also at these locations' }).click();
    await page.getByRole('option', { name: 'Harbour Depot' }).click();
    await page.keyboard.press('Escape');
    await productDialog.getByRole('button', { name: 'Add product' }).click();
    await productDialog.waitFor({ state: 'hidden' });

    // The inventory page: nothing in stock yet at Quay Street.
    await page.goto('/dashboard/inventory');
    await choose(page, page.locator('main'), 'Location', 'Quay Street');
    await page.getByText(/No stock records at this location yet/).waitFor();
    await shot(page, 'empty stock', { isReviewed: true });

    // Stock arrives from a spreadsheet naming both locations.
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const upload = page.getByRole('dialog', { name: 'Upload stock spreadsheet' });
    await upload.locator('input[type="file"]').setInputFiles({
      name: 'opening-stock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'sku,barcode,quantity,location\nOAT-1L,,12,Quay Street\nOAT-1L,,200,Harbour Depot\n',
      ),
    });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('2 rows uploaded').waitFor();
    await upload.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: /OAT-1L/ });
    await expect.poll(() => quantityOf(row)).toBe('12');
    await shot(page, 'stock after upload', { isMainScreen: true, isReviewed: true });

    // A delivery of 5 is added by hand.
    await row.getByRole('button', { name: 'Adjust OAT-1L' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust stock' });
    await adjust.getByRole('textbox', { name: 'Units' }).fill('5');
    await choose(page, adjust, 'Reason', 'Received delivery');
    await adjust.getByText('12 → 17').waitFor();
    await shot(page, 'adjust dialog', { isReviewed: true });
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    await adjust.waitFor({ state: 'hidden' });
    await expect.poll(() => quantityOf(row)).toBe('17');

    // Taking out more than there is is refused with what is left.
    await row.getByRole('button', { name: 'Adjust OAT-1L' }).click();
    await adjust.getByRole('button', { name: 'Remove units' }).click();
    await adjust.getByRole('textbox', { name: 'Units' }).fill('18');
    await choose(page, adjust, 'Reason', 'Damaged');
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    await adjust.getByText('Only 17 in stock.').waitFor();
    await adjust.getByRole('button', { name: 'Cancel' }).click();

    // The shelf holds 15: the count records the difference.
    await row.getByRole('button', { name: 'Count OAT-1L' }).click();
    const count = page.getByRole('dialog', { name: 'Set counted quantity' });
    await count.getByRole('textbox', { name: 'Counted quantity' }).fill('15');
    await count.getByRole('textbox', { name: 'Note' }).fill('Shelf count, aisle 4');
    await count.getByText('17 → 15').waitFor();
    await count.getByRole('button', { name: 'Save count' }).click();
    await count.waitFor({ state: 'hidden' });
    await expect.poll(() => quantityOf(row)).toBe('15');

    // The history explains 15: +12 from the sheet, +5 delivered, -2 counted.
    await row.getByRole('button', { name: 'History OAT-1L' }).click();
    const history = page.getByRole('dialog', { name: 'Stock history' });
    const ledger = history.getByRole('table', { name: 'History of OAT-1L' });
    await ledger.getByText('Stock count').waitFor();
    const entries = ledger.getByRole('row');
    await expect.poll(() => entries.count()).toBe(4);
    expect(await entries.nth(1).innerText()).toMatch(/Stock count[\s\S]*Shelf count, aisle 4[\s\S]*−2\s+15/);
    expect(await entries.nth(2).innerText()).toMatch(/Adjustment · Received delivery[\s\S]*\+5\s+17/);
    expect(await entries.nth(3).innerText()).toMatch(/\+12\s+12/);
    await shot(page, 'history drawer', { isReviewed: true });
    await history.getByRole('button', { name: 'Close history' }).click();

    // The warehouse holds its 200, and the Movements tab keeps its place in the address.
    await choose(page, page.locator('main'), 'Location', 'Harbour Depot');
    await expect.poll(() => quantityOf(page.getByRole('row', { name: /OAT-1L/ }))).toBe('200');
    await page.getByRole('tab', { name: 'Movements' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'movements');
    await page.reload();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Movements' }).getAttribute('aria-selected'))
      .toBe('true');
  });
});
