import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { API } from '@app/contracts';
import { call, createOwnerWithBusiness } from './support/api.js';
import { arrangeWarehouseAndStore, openValidation } from './support/stock.js';
import { findSeriousViolations } from './support/axe.js';
import { signIn, usePage } from './support/browser.js';
import { setPlan } from './support/database.js';
import { screenshots } from './support/screens.js';

// bypassCSP only lets axe-core be injected for the accessibility checks.
const browserPage = usePage({ bypassCSP: true });

async function unitsAt(token: string, locationId: string): Promise<number> {
  const answer = await call<{ totalQuantity: number }>(
    token,
    'GET',
    `${API.inventory.count}?locationId=${encodeURIComponent(locationId)}`,
  );
  return answer.totalQuantity;
}

/** The digits of a code as the codes dialog shows it ("482 913"). */
async function readCode(dialog: Locator, end: 'source' | 'destination'): Promise<string> {
  const text = await dialog.getByTestId(`${end}-code`).innerText();
  return text.replace(/\D/g, '');
}

async function validate(page: Page, end: 'source' | 'destination', code: string) {
  const dialog = await openValidation(page, end, code);
  await dialog.getByRole('button', { name: 'Validate' }).click();
  return dialog;
}

describe('stock movements', () => {
  it('moves stock from a warehouse to a store, validated with both codes and a printed transfer document', async () => {
    const page = browserPage.page();
    const shot = screenshots('stock-movements');
    const owner = await createOwnerWithBusiness('Bramble & Co');
    const { depot, highStreet } = await arrangeWarehouseAndStore(owner.token);
    await signIn(page, owner.email, owner.password, '/dashboard');

    await page.goto('/dashboard/inventory?tab=movements');
    await page
      .getByText('No stock movements yet. Move stock from a warehouse to a store with New movement.')
      .waitFor();
    await shot(page, 'no movements yet', { isMainScreen: true });

    // One movement: the warehouse sends and the store receives by default.
    await page.getByRole('button', { name: 'New movement' }).first().click();
    const create = page.getByRole('dialog', { name: 'New movement' });
    const item = create.getByRole('group', { name: 'Item 1' });
    await expect
      .poll(() => item.getByRole('combobox', { name: 'Source' }).innerText())
      .toContain('North Depot');
    await expect
      .poll(() => item.getByRole('combobox', { name: 'Destination' }).innerText())
      .toContain('High Street');
    await item.getByRole('combobox', { name: 'SKU' }).fill('COF');
    await page.getByRole('option', { name: /COF-500/ }).click();
    await item.getByText('40 in stock at the source').waitFor();
    await item.getByRole('textbox', { name: 'Quantity' }).fill('12');
    await create.getByRole('textbox', { name: 'Note' }).fill('Weekend restock');
    await shot(page, 'new movement', { isReviewed: true });
    await create.getByRole('button', { name: 'Create movement' }).click();

    // The codes, once, and the transfer document that prints them.
    const codes = page.getByRole('dialog', { name: 'Movement created' });
    await codes.getByText('will not be shown again', { exact: false }).waitFor();
    const sourceCode = await readCode(codes, 'source');
    const destinationCode = await readCode(codes, 'destination');
    expect(sourceCode).toMatch(/^\d{6}$/);
    expect(destinationCode).toMatch(/^\d{6}$/);
    await shot(page, 'codes shown once', { isReviewed: true });
    expect(await findSeriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      codes.getByRole('button', { name: 'Print transfer document' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await codes.getByText(/Transfer document saved with the codes/).waitFor();
    await codes.getByRole('button', { name: 'Done' }).click();
    await codes.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: /COF-500/ });
    await row.getByText('Pending').waitFor();
    await shot(page, 'pending movement', { isMainScreen: true });

    // At the depot: a wrong code first, then the right one; the stock leaves.
    const wrongCode = sourceCode === '000000' ? '111111' : '000000';
    const atSource = await validate(page, 'source', wrongCode);
    await atSource
      .getByText(/try|tries|code/i)
      .first()
      .waitFor();
    await shot(page, 'wrong code');
    await atSource.getByRole('textbox', { name: 'Source code' }).fill(sourceCode);
    await atSource.getByRole('button', { name: 'Validate' }).click();
    await atSource.waitFor({ state: 'hidden' });
    await row.getByText('In transit').waitFor();
    expect(await unitsAt(owner.token, depot.id)).toBe(28);

    // At the store: the stock arrives.
    const atDestination = await validate(page, 'destination', destinationCode);
    await atDestination.waitFor({ state: 'hidden' });
    await row.getByText('Completed').waitFor();
    expect(await unitsAt(owner.token, highStreet.id)).toBe(12);
    expect(await unitsAt(owner.token, depot.id)).toBe(28);

    // This week's bar: 12 units out and 12 in.
    const weekly = page.getByRole('table', { name: 'Units sent and received per week' });
    await expect
      .poll(async () => (await weekly.getByRole('row').last().innerText()).replace(/\s+/g, ' ').trim())
      .toMatch(/ 12 12$/);
    await page.getByRole('region', { name: 'Weekly movement' }).locator('svg').first().waitFor();
    await shot(page, 'completed movement and weekly chart', { isMainScreen: true, isReviewed: true });
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('turns a movement sheet into one batch, after listing the rows to fix, behind the Basic plan', async () => {
    const page = browserPage.page();
    const shot = screenshots('stock-movement-sheet');
    const owner = await createOwnerWithBusiness('Bramble Sheets');
    const { depot } = await arrangeWarehouseAndStore(owner.token, [
      { name: 'Green tea, 40 bags', sku: 'TEA-01' },
    ]);
    const folder = mkdtempSync(path.join(tmpdir(), 'movement-sheet-'));
    const sheet = (name: string, rows: string[]) => {
      const file = path.join(folder, name);
      writeFileSync(file, ['sku,source,destination,quantity', ...rows].join('\n'));
      return file;
    };
    await signIn(page, owner.email, owner.password, '/dashboard');
    await page.goto('/dashboard/inventory?tab=movements');

    // The Free plan has no bulk upload: the server's refusal opens "Feature Locked".
    await page.getByRole('button', { name: 'Upload sheet' }).click();
    let upload = page.getByRole('dialog', { name: 'Upload a movement sheet' });
    await upload
      .locator('input[type="file"]')
      .setInputFiles(sheet('free.csv', ['COF-500,North Depot,High Street,5']));
    await upload.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('dialog', { name: 'Feature Locked' }).waitFor();
    await upload.waitFor({ state: 'hidden' });

    await setPlan(owner.businessId, 'BASIC');
    await page.goto('/dashboard/inventory?tab=movements');
    await page.getByRole('button', { name: 'Upload sheet' }).click();
    upload = page.getByRole('dialog', { name: 'Upload a movement sheet' });
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      upload.getByRole('button', { name: 'CSV template' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('stock_movement_template.csv');
    expect(readFileSync(await template.path(), 'utf8')).toMatch(/sku.*source.*destination.*quantity/i);

    // A sheet with bad rows creates nothing and lists them by row number.
    await upload
      .locator('input[type="file"]')
      .setInputFiles(
        sheet('bad.csv', [
          'COF-500,North Depot,High Street,5',
          'NOPE-1,North Depot,High Street,2',
          'TEA-01,North Depot,Nowhere,2',
        ]),
      );
    await upload.getByRole('button', { name: 'Upload' }).click();
    const rows = upload.getByRole('list', { name: 'Rows to fix' });
    await rows.getByText('Row 3').waitFor();
    await rows.getByText('Row 4').waitFor();
    await shot(page, 'rows to fix', { isReviewed: true });
    expect(await unitsAt(owner.token, depot.id)).toBe(70);

    // The fixed sheet becomes one batch with one pair of codes, shown once.
    await upload
      .locator('input[type="file"]')
      .setInputFiles(
        sheet('good.csv', ['COF-500,North Depot,High Street,5', 'TEA-01,North Depot,High Street,2']),
      );
    await upload.getByRole('button', { name: 'Upload' }).click();
    const codes = page.getByRole('dialog', { name: 'Batch of 2 movements created' });
    const sourceCode = await readCode(codes, 'source');
    await codes.getByRole('button', { name: 'Done' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close without the transfer document?' });
    await confirm.getByRole('button', { name: 'Close anyway' }).click();
    await codes.waitFor({ state: 'hidden' });

    // The batch leaves the depot at once with its source code.
    await page
      .getByRole('row', { name: /TEA-01/ })
      .getByRole('button', { name: /^Show batch/ })
      .click();
    await page.getByRole('button', { name: 'Validate at source', exact: true }).click();
    const atSource = page.getByRole('dialog', { name: 'Validate at the source' });
    await atSource.getByText(/: 2 movements\./).waitFor();
    await atSource.getByRole('textbox', { name: 'Source code' }).fill(sourceCode);
    await atSource.getByRole('button', { name: 'Validate' }).click();
    await atSource.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'In transit' }).count()).toBe(2);
    expect(await unitsAt(owner.token, depot.id)).toBe(63);
    await shot(page, 'batch in transit', { isMainScreen: true });
  });

  it('creates and validates a movement with the keyboard alone', async () => {
    const page = browserPage.page();
    const owner = await createOwnerWithBusiness('Bramble Keys');
    const { depot } = await arrangeWarehouseAndStore(owner.token);
    await signIn(page, owner.email, owner.password, '/dashboard');
    await page.goto('/dashboard/inventory?tab=movements');
    await page.getByText(/^No stock movements yet\./).waitFor();

    const newMovement = page.getByRole('button', { name: 'New movement' }).first();
    await newMovement.focus();
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'New movement' });
    // The SKU has the focus: the ends are filled in already.
    await expect
      .poll(() =>
        create.getByRole('combobox', { name: 'SKU' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.type('COF');
    await page.getByRole('option', { name: /COF-500/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');

    const codes = page.getByRole('dialog', { name: 'Movement created' });
    const sourceCode = await readCode(codes, 'source');
    // Escape asks before the codes go; Enter on its focused button closes anyway.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Close without the transfer document?' }).waitFor();
    await page.keyboard.press('Enter');
    await codes.waitFor({ state: 'hidden' });

    const validateButton = page.getByRole('button', { name: /^Validate at source 4 × COF-500/ });
    await validateButton.focus();
    await page.keyboard.press('Enter');
    const atSource = page.getByRole('dialog', { name: 'Validate at the source' });
    await atSource.waitFor();
    await page.keyboard.type(sourceCode);
    await page.keyboard.press('Enter');
    await atSource.waitFor({ state: 'hidden' });
    await page
      .getByRole('row', { name: /COF-500/ })
      .getByText('In transit')
      .waitFor();
    expect(await unitsAt(owner.token, depot.id)).toBe(36);
  });
});
