import { describe, expect, it } from 'vitest';
import { API, type TInventoryItem, type TLocation, type TProduct } from '@app/contracts';
import { call, createOwnerWithBusiness } from './support/api.js';
import { findSeriousViolations } from './support/axe.js';
import { signIn, usePage } from './support/browser.js';
import { screenshots } from './support/screens.js';

// bypassCSP only lets axe-core be injected for the accessibility checks.
const browserPage = usePage({ bypassCSP: true });

/** A store at High Street selling oat milk, 10 in stock: the catalogue journey is catalogue.spec.ts. */
async function arrangeStore(token: string) {
  const highStreet = await call<TLocation>(token, 'POST', API.locations.root, {
    name: 'High Street',
    city: 'Bath',
  });
  const store = new FormData();
  store.append('store', JSON.stringify({ name: 'Bramble High Street', locationId: highStreet.id }));
  await call(token, 'POST', API.stores.root, store);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Oat milk 1 l',
    sku: 'OAT-1L',
    price: '2.40',
    locationId: highStreet.id,
  }))
    form.append(name, value);
  const oatMilk = await call<TProduct>(token, 'POST', API.products.root, form);
  await call<TInventoryItem>(token, 'POST', API.inventory.root, {
    productId: oatMilk.id,
    locationId: highStreet.id,
    quantity: 10,
  });
  return { locationId: highStreet.id, productId: oatMilk.id };
}

describe('sales', () => {
  it("a sale at the till lowers the stock and shows in today's figures on the home and in analytics; a tier beyond the plan is locked", async () => {
    const page = browserPage.page();
    const shot = screenshots('sales');
    const owner = await createOwnerWithBusiness('Bramble Market');
    // The Advanced plan, paid through the built-in sandbox provider (as the subscribe page does).
    await call(owner.token, 'POST', API.subscriptions.root, { planId: 'ADVANCED' });
    const { locationId, productId } = await arrangeStore(owner.token);
    await signIn(page, owner.email, owner.password, '/dashboard');

    // The till: two scans of the SKU make two units; the sale is recorded.
    await page.goto('/dashboard/inventory?tab=till');
    const scan = page.getByLabel('Scan or type a barcode or SKU');
    await scan.fill('OAT-1L');
    await scan.press('Enter');
    await page.getByRole('cell', { name: /^Oat milk 1 l OAT-1L/ }).waitFor();
    await scan.fill('oat-1l');
    await scan.press('Enter');
    await page.getByText('Subtotal (2 items)').waitFor();
    await shot(page, 'till with a basket', { isReviewed: true });
    await page.getByRole('button', { name: 'Record sale' }).click();
    await page.getByText(/Sale recorded: .*4\.80/).waitFor();

    const item = await call<TInventoryItem>(
      owner.token,
      'GET',
      API.inventory.byProduct.replace(':id', productId).replace(':locationId', locationId),
    );
    expect(item.quantity).toBe(8);

    // The home: today's figures count the sale.
    await page.goto('/dashboard');
    const sales = page.getByRole('region', { name: 'Sales' });
    await sales.getByText('1 sale, 2 units').waitFor();
    await shot(page, 'home after a sale', { isReviewed: true });

    // Analytics: Supreme is beyond the Advanced plan.
    await page.goto('/dashboard/analytics');
    await page
      .getByText(/Supreme/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: /Supreme/ }).click();
    await page.getByRole('dialog', { name: 'Feature Locked' }).waitFor();
    await page.keyboard.press('Escape');

    // Basic: the last 30 days hold the sale.
    await page.goto('/dashboard/analytics/basic');
    const units = page.getByRole('group', { name: 'Units sold' });
    await units.getByText('2', { exact: true }).waitFor();
    await expect(
      page.getByRole('group', { name: 'Transactions' }).getByText('1', { exact: true }).count(),
    ).resolves.toBe(1);
    await shot(page, 'basic analytics', { isReviewed: true });
    expect(await findSeriousViolations(page)).toEqual([]);

    // Advanced: the filter by product names the oat milk.
    await page.goto('/dashboard/analytics/advanced');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByRole('cell', { name: /Oat milk 1 l/ })
      .first()
      .waitFor();
    await shot(page, 'advanced analytics');
  });
});
