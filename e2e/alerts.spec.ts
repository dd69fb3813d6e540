import { describe, expect, it } from 'vitest';
import { API, type TInboxPage, type TInventoryItem, type TLocation, type TProduct } from '@app/contracts';
import { call, createActivatedStaff, createOwnerWithBusiness, logIn } from './support/api.js';
import { findSeriousViolations } from './support/axe.js';
import { newContext, signIn, usePage } from './support/browser.js';
import { screenshots } from './support/screens.js';

// bypassCSP only lets axe-core be injected for the accessibility checks.
const browserPage = usePage({ bypassCSP: true });

/** A location with its store, named alike. */
async function openStore(token: string, name: string, city: string): Promise<TLocation> {
  const location = await call<TLocation>(token, 'POST', API.locations.root, { name, city });
  const store = new FormData();
  store.append('store', JSON.stringify({ name, locationId: location.id }));
  await call(token, 'POST', API.stores.root, store);
  return location;
}

async function inboxTitles(email: string, password: string): Promise<string[]> {
  const { token } = await logIn(email, password);
  const inbox = await call<TInboxPage>(token, 'GET', API.alerts.inbox);
  return inbox.content.map((alert) => alert.title);
}

describe('alerts', () => {
  it('an inventory admin sees a low-stock alert appear live and once; a broadcast to one store reaches only its staff', async () => {
    const page = browserPage.page();
    const shot = screenshots('alerts');
    page.setDefaultTimeout(15_000);
    const owner = await createOwnerWithBusiness('Quay Provisions');
    // Broadcasts come with Basic and above: the Advanced plan, paid through the sandbox provider.
    await call(owner.token, 'POST', API.subscriptions.root, { planId: 'ADVANCED' });
    const marketRow = await openStore(owner.token, 'Market Row', 'Frome');
    const harbour = await openStore(owner.token, 'Harbour Side', 'Frome');
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: 'Cheese board',
      sku: 'CHEESE-BOARD',
      price: '12.00',
      locationId: marketRow.id,
    }))
      form.append(name, value);
    const board = await call<TProduct>(owner.token, 'POST', API.products.root, form);
    const item = await call<TInventoryItem>(owner.token, 'POST', API.inventory.root, {
      productId: board.id,
      locationId: marketRow.id,
      quantity: 6,
      reorderPoint: 5,
    });
    const admin = await createActivatedStaff(owner.token, ['ROLE_INVENTORY_ADMIN']);
    const rowAssistant = await createActivatedStaff(owner.token, ['ROLE_STORE_ASSISTANT'], marketRow.id);
    const harbourAssistant = await createActivatedStaff(owner.token, ['ROLE_STORE_ASSISTANT'], harbour.id);

    // The inventory admin is on the dashboard; her bell has nothing.
    await signIn(page, admin.email, admin.password, '/dashboard');
    await page.getByRole('button', { name: 'Alerts, 0 unread' }).waitFor();

    // Two boards are found damaged: 4 left, under the reorder point of 5. No reload: the bell counts it.
    const adjust = (delta: number) =>
      call(owner.token, 'PUT', API.inventory.adjust.replace(':id', item.id), { delta, reason: 'DAMAGED' });
    await adjust(-2);
    await page.getByRole('button', { name: 'Alerts, 1 unread' }).waitFor();
    // One more: still under, no second alert. A broadcast to everyone after it is the barrier: the
    // bell then counts two, not three.
    await adjust(-1);
    await call(owner.token, 'POST', API.alerts.root, {
      title: 'Stocktake on Sunday',
      message: 'Count your section before 10:00.',
      severity: 'INFO',
      scope: 'BUSINESS',
    });
    await page.getByRole('button', { name: 'Alerts, 2 unread' }).click();
    const latest = page.getByRole('list', { name: 'Latest alerts' });
    await latest.getByText('Stocktake on Sunday').waitFor();
    expect(await latest.getByText('Low stock: Cheese board').count()).toBe(1);
    await shot(page, 'the bell with the low-stock alert', { isReviewed: true });
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // The owner writes to the Market Row team only, from the Broadcast page.
    const ownerContext = await newContext(browserPage.context().browser()!, { bypassCSP: true });
    try {
      const ownerPage = await ownerContext.newPage();
      ownerPage.setDefaultTimeout(15_000);
      await signIn(ownerPage, owner.email, owner.password, '/dashboard');
      await ownerPage.goto('/dashboard/broadcast');
      await ownerPage.getByLabel('Title').fill('Freezer service on Tuesday');
      await ownerPage
        .getByLabel('Message')
        .fill('Move the frozen goods to the back freezer on Monday evening.');
      await ownerPage.getByRole('button', { name: 'Warning' }).click();
      await ownerPage.getByLabel('One store').check();
      await ownerPage.getByRole('combobox', { name: 'Store', exact: true }).click();
      await ownerPage.getByRole('option', { name: 'Market Row' }).click();
      await shot(ownerPage, 'composing a broadcast to one store');
      await ownerPage.getByRole('button', { name: 'Send' }).click();
      await ownerPage.getByText('Broadcast sent').waitFor();
      await ownerPage.getByRole('row', { name: /Freezer service on Tuesday/ }).waitFor();
      await shot(ownerPage, 'the sent list', { isReviewed: true });
      expect(await findSeriousViolations(ownerPage)).toEqual([]);
    } finally {
      await ownerContext.close();
    }

    // Market Row's assistant has it; Harbour Side's has the business-wide note only.
    expect(await inboxTitles(rowAssistant.email, rowAssistant.password)).toContain(
      'Freezer service on Tuesday',
    );
    const harbourTitles = await inboxTitles(harbourAssistant.email, harbourAssistant.password);
    expect(harbourTitles).toContain('Stocktake on Sunday');
    expect(harbourTitles).not.toContain('Freezer service on Tuesday');
    // Market Row's alert is not for her either: stock alerts reach the staff of their own store.
    expect(harbourTitles).not.toContain('Low stock: Cheese board');
    // The admin (no store) is not in a store's audience: her count stays at two.
    await page.getByRole('button', { name: 'Alerts, 2 unread' }).waitFor();
  });
});
