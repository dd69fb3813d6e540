import { describe, expect, it } from 'vitest';
import { API, type TCategory, type TInventoryItem, type TLocation, type TProduct } from '@app/contracts';
import { call, createOwnerWithBusiness } from './support/api.js';
import { findSeriousViolations } from './support/axe.js';
import { signIn, usePage } from './support/browser.js';
import { screenshots } from './support/screens.js';

// bypassCSP only lets axe-core be injected for the accessibility checks.
const browserPage = usePage({ bypassCSP: true });

/** A tablet held upright: the count sheet is made for it (the shell's minimum is 1024 px). */
const TABLET = { width: 768, height: 1024 } as const;

/**
 * A store at Market Row with 20 of each of three products: oat milk and butter in Dairy, rye bread
 * in Bakery, all with a cost price of 2.50, so a variance has a value.
 */
async function arrangeStore(token: string) {
  const location = await call<TLocation>(token, 'POST', API.locations.root, {
    name: 'Market Row',
    city: 'Bath',
  });
  const store = new FormData();
  store.append('store', JSON.stringify({ name: 'Market Row Grocer', locationId: location.id }));
  const { id: storeId } = await call<{ id: string }>(token, 'POST', API.stores.root, store);
  const category = (categoryName: string) =>
    call<TCategory>(token, 'POST', API.categories.root, { categoryName, locationId: location.id });
  const dairy = await category('Dairy');
  const bakery = await category('Bakery');
  const product = async (name: string, sku: string, categoryId: string) => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name,
      sku,
      price: '4.00',
      costPrice: '2.50',
      categoryId,
      locationId: location.id,
    }))
      form.append(key, value);
    const created = await call<TProduct>(token, 'POST', API.products.root, form);
    await call<TInventoryItem>(token, 'POST', API.inventory.root, {
      productId: created.id,
      locationId: location.id,
      quantity: 20,
    });
    return created;
  };
  const milk = await product('Oat milk 1 l', 'MILK-1L', dairy.id);
  await product('Salted butter 250 g', 'BUTTER-250', dairy.id);
  await product('Rye bread 800 g', 'RYE-800', bakery.id);
  return { location, storeId, milk };
}

async function unitsOf(token: string, sku: string, locationId: string): Promise<number> {
  const item = await call<TInventoryItem>(
    token,
    'GET',
    API.inventory.bySku.replace(':sku', encodeURIComponent(sku)).replace(':locationId', locationId),
  );
  return item.quantity;
}

describe('cycle counts', () => {
  it('counts one category blind while the till sells, reviews the variance and writes it to the stock', async () => {
    const page = browserPage.page();
    const shot = screenshots('cycle-counts');
    const owner = await createOwnerWithBusiness('Market Row Grocer');
    const { location, storeId, milk } = await arrangeStore(owner.token);
    await signIn(page, owner.email, owner.password, '/dashboard');

    await page.goto('/dashboard/cycle-counts');
    await page.getByText('No counts at this location yet. Start one with New count.').waitFor();
    await shot(page, 'no counts yet', { isMainScreen: true, isReviewed: true });

    // A count of Dairy: two lines frozen at 20 each.
    await page.getByRole('button', { name: 'New count' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New count' });
    await dialog.getByRole('radio', { name: 'Some categories' }).check();
    await dialog.getByRole('combobox', { name: 'Categories' }).click();
    await page.getByRole('option', { name: 'Dairy' }).click();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Dairy before the delivery');
    await shot(page, 'new count', { isReviewed: true });
    await dialog.getByRole('button', { name: 'Start count' }).click();
    await page.getByRole('heading', { name: 'Count at Market Row' }).waitFor();
    await page.getByText('0 of 2 counted').waitFor();

    // The till sells 3 cartons of milk after the freeze, while the counter walks the shelf.
    await call(owner.token, 'POST', API.sales.root, {
      storeId,
      paymentMethod: 'CARD',
      lines: [{ productId: milk.id, quantity: 3 }],
    });

    // On a tablet: scan, count, Enter, the next scan. Nothing shows the expected 20 (blind).
    await page.setViewportSize(TABLET);
    const scan = page.getByRole('textbox', { name: 'Scan or type a SKU or barcode' });
    await scan.fill('MILK-1L');
    await scan.press('Enter');
    const milkField = page.getByRole('textbox', { name: 'Counted quantity of MILK-1L' });
    await expect.poll(() => milkField.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('16');
    await page.keyboard.press('Enter');
    await scan.fill('butter-250');
    await scan.press('Enter');
    await page.keyboard.type('19');
    await page.getByRole('button', { name: 'One more BUTTER-250' }).click();
    expect(await page.getByRole('list', { name: 'Lines' }).innerText()).not.toMatch(/\b20\b/);
    const lineBox = await page.getByRole('button', { name: 'One more BUTTER-250' }).boundingBox();
    expect(lineBox?.height).toBeGreaterThanOrEqual(48);
    // The sheet keeps within the tablet's width: nothing a counter needs lies off screen.
    const saveBox = await page.getByRole('button', { name: 'Save counts (2)' }).boundingBox();
    expect((saveBox?.x ?? 0) + (saveBox?.width ?? 0)).toBeLessThanOrEqual(TABLET.width);
    await shot(page, 'counting on a tablet');
    await page.getByRole('button', { name: 'Save counts (2)' }).click();
    await page.getByText('Counts saved: 2 lines').waitFor();
    await page.getByText('2 of 2 counted').waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The review: milk expected 20, moved −3 (the sale), counted 16: one missing (−2.50).
    await page.getByRole('tab', { name: 'Review variances' }).click();
    const milkRow = page.getByRole('row', { name: /MILK-1L/ });
    await expect
      .poll(async () => (await milkRow.innerText()).replace(/\s+/g, ' '))
      .toMatch(/MILK-1L .*20 −3 16 −1 −\$2\.50 Counted/);
    await expect
      .poll(async () =>
        (await page.getByRole('row', { name: /BUTTER-250/ }).innerText()).replace(/\s+/g, ' '),
      )
      .toMatch(/BUTTER-250 .*20 0 20 0 \$0\.00 Counted/);
    await shot(page, 'variance review', { isMainScreen: true, isReviewed: true });
    expect(await findSeriousViolations(page)).toEqual([]);

    await page.getByRole('checkbox', { name: 'Select all counted lines' }).check();
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    const accept = page.getByRole('dialog', { name: 'Accept the variances?' });
    await accept.getByText(/2 lines \(−1 units, −\$2\.50\) is written to the stock/).waitFor();
    await accept.getByRole('button', { name: 'Accept' }).click();
    await page.getByText('Lines accepted').waitFor();
    await milkRow.waitFor({ state: 'hidden' });

    // Accepted lines leave "To review"; the count closes.
    await page.getByRole('button', { name: 'Accepted', exact: true }).click();
    await page
      .getByRole('row', { name: /MILK-1L/ })
      .getByText('Accepted')
      .waitFor();
    await page.getByRole('button', { name: 'Complete count' }).click();
    await page
      .getByRole('dialog', { name: 'Complete count' })
      .getByRole('button', { name: 'Complete count' })
      .click();
    await page.getByText('Count completed').waitFor();
    await page.getByText(/Completed .*accepted variances are in the stock/).waitFor();
    await shot(page, 'completed count', { isReviewed: true });

    // The stock: the shelf's 16 milk (20 − 3 sold − 1 missing), the butter untouched, the bread
    // never in scope.
    expect(await unitsOf(owner.token, 'MILK-1L', location.id)).toBe(16);
    expect(await unitsOf(owner.token, 'BUTTER-250', location.id)).toBe(20);
    expect(await unitsOf(owner.token, 'RYE-800', location.id)).toBe(20);

    await page.getByRole('link', { name: 'All counts' }).click();
    const row = page.getByRole('row', { name: /Completed/ });
    await row.getByText('2 / 2').waitFor();
    await row.getByText('−$2.50').waitFor();
    await shot(page, 'counts list', { isMainScreen: true, isReviewed: true });
  });
});
