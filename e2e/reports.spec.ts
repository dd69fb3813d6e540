import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { API, type TInventoryItem, type TLocation, type TProduct, type TSubscription } from '@app/contracts';
import { call, createOwnerWithBusiness } from './support/api.js';
import { findSeriousViolations } from './support/axe.js';
import { newContext, signIn, usePage } from './support/browser.js';
import { screenshots } from './support/screens.js';

// bypassCSP only lets axe-core be injected for the accessibility checks.
const browserPage = usePage({ bypassCSP: true });

const DAY_MS = 86_400_000;

/** A store with two products, stocked, and a week of sales: 9 loaves and 4 jars of honey. */
async function arrangeWeekOfSales(token: string): Promise<void> {
  const location = await call<TLocation>(token, 'POST', API.locations.root, {
    name: 'Mill Lane',
    city: 'Frome',
  });
  const store = new FormData();
  store.append('store', JSON.stringify({ name: 'Mill Lane', locationId: location.id }));
  const { id: storeId } = await call<{ id: string }>(token, 'POST', API.stores.root, store);
  const product = async (name: string, sku: string, price: string) => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name,
      sku,
      price,
      costPrice: '1.00',
      locationId: location.id,
    }))
      form.append(key, value);
    const created = await call<TProduct>(token, 'POST', API.products.root, form);
    await call<TInventoryItem>(token, 'POST', API.inventory.root, {
      productId: created.id,
      locationId: location.id,
      quantity: 100,
      reorderPoint: 5,
    });
    return created.id;
  };
  const loaf = await product('Seeded loaf', 'LOAF-1', '3.50');
  const honey = await product('Heather honey', 'HONEY-1', '6.00');
  const sales: Array<[number, string, number]> = [
    [1, loaf, 4],
    [2, honey, 3],
    [3, loaf, 5],
    [4, honey, 1],
  ];
  for (const [daysAgo, productId, quantity] of sales)
    await call(token, 'POST', API.sales.root, {
      storeId,
      soldAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
      paymentMethod: 'CARD',
      lines: [{ productId, quantity }],
    });
}

describe('reports', () => {
  it('an owner asks a question, exports the answer, forecasts on Supreme; Basic opens "Feature Locked"', async () => {
    const page = browserPage.page();
    const shot = screenshots('reports');
    page.setDefaultTimeout(20_000);
    const owner = await createOwnerWithBusiness('Mill Lane Bakery');
    await call(owner.token, 'POST', API.subscriptions.root, { planId: 'ADVANCED' });
    await arrangeWeekOfSales(owner.token);
    await signIn(page, owner.email, owner.password, '/dashboard');

    // Ask in plain words; the answer names the best seller with its numbers.
    await page.goto('/dashboard/analytics/advanced');
    await page.getByRole('tab', { name: 'Ask' }).click();
    const question = page.getByRole('textbox', { name: 'Ask a question about your business' });
    await question.fill('best sellers last 7 days');
    await question.press('Enter');
    await page.getByText(/Seeded loaf was the best seller .* with 9 units sold for 31\.50\./).waitFor();
    await page.getByRole('cell', { name: 'Heather honey' }).waitFor();
    await shot(page, 'an answer', { isMainScreen: true, isReviewed: true });
    expect(await findSeriousViolations(page)).toEqual([]);

    // Export it as PDF: a real PDF named after the title.
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^best-sellers-by-units-sold-last-7-days-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const file = await download.path();
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');

    // A follow-up question from the answer; then it is in My reports.
    await page.getByRole('button', { name: 'What sells on weekends?' }).last().click();
    await page
      .getByText(/Best sellers by units sold \(weekends\)/)
      .first()
      .waitFor();
    await page.getByRole('tab', { name: 'My reports' }).click();
    await page
      .getByRole('button', { name: 'Best sellers by units sold, last 7 days', exact: true })
      .waitFor();
    await shot(page, 'my reports');

    // Supreme: a 30-day forecast with its band; four days of history are too few for a back-test,
    // so a simple model answers.
    const current = await call<TSubscription>(
      owner.token,
      'GET',
      `${API.subscriptions.current}?businessId=${owner.businessId}`,
    );
    await call(owner.token, 'PUT', API.subscriptions.byId.replace(':id', current.id), { planId: 'SUPREME' });
    await page.goto('/dashboard/analytics/supreme');
    await page.getByRole('tab', { name: 'Forecast' }).click();
    await page.getByRole('button', { name: 'Forecast', exact: true }).click();
    await page
      .getByText(/Forecast for All stores, next 30 days/)
      .first()
      .waitFor();
    await page.getByText('Expected sales').first().waitFor();
    await page
      .getByText(/Average of the history|Simple exponential smoothing/)
      .first()
      .waitFor();
    await shot(page, 'a forecast', { isMainScreen: true, isReviewed: true });

    // Basic: the ready-made reports answer, and their export opens "Feature Locked".
    const basic = await createOwnerWithBusiness('Corner Basics');
    await call(basic.token, 'POST', API.subscriptions.root, { planId: 'BASIC' });
    const basicContext = await newContext(browserPage.context().browser()!, { bypassCSP: true });
    try {
      const basicPage = await basicContext.newPage();
      await signIn(basicPage, basic.email, basic.password, '/dashboard');
      await basicPage.goto('/dashboard/analytics/basic');
      await basicPage.getByRole('button', { name: /Sales summary/ }).click();
      await basicPage.getByText(/No sales were recorded/).waitFor();
      await basicPage.getByRole('button', { name: 'Export' }).click();
      await basicPage.getByRole('menuitem', { name: 'PDF' }).click();
      await basicPage.getByRole('dialog', { name: 'Feature Locked' }).waitFor();
      await shot(basicPage, 'basic plan export locked');
    } finally {
      await basicContext.close();
    }
  });
});
