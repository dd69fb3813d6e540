import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOwnerWithBusiness } from './support/api.js';
import { signIn, usePage } from './support/browser.js';
import { addLocation, choose } from './support/dialogs.js';
import { screenshots } from './support/screens.js';

/**
 * The first slice of issue 11, walked as a new Free owner would: the Free plan's one warehouse,
 * the second refused with "Feature Locked", View Plans, Basic paid in the sandbox, the second
 * warehouse accepted, auto-renew off and on, cancel (access kept), reactivate, change plan.
 */

const browserPage = usePage();

async function addWarehouse(page: Page, name: string, location: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add warehouse' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add warehouse' });
  await dialog.getByLabel(/^Name/).fill(name);
  await choose(page, dialog, 'Location', location);
  await dialog.getByRole('button', { name: 'Add warehouse' }).click();
  return dialog;
}

/** Waits out a dialog's fade-in, so a screenshot shows it as the user reads it. */
async function settled(dialog: Locator): Promise<void> {
  await expect
    .poll(() =>
      dialog.evaluate((el) => (el.closest('.MuiDialog-root') ?? el).getAnimations({ subtree: true }).length),
    )
    .toBe(0);
}

/** The Field of the card: its label, then its value. */
function field(card: Locator, label: string): Locator {
  return card.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
}

describe('subscriptions', () => {
  it('a Free owner hits the warehouse limit, upgrades to Basic in the sandbox, and cancelling keeps access', async () => {
    const page = browserPage.page();
    const shot = screenshots('subscriptions');
    const owner = await createOwnerWithBusiness('Quayside Hardware');
    await signIn(page, owner.email, owner.password, '/dashboard');

    // The Free plan allows one warehouse (DESIGN 6).
    await page.goto('/dashboard/stores?tab=locations');
    // Each warehouse sits at a location of its own.
    await addLocation(page, 'Dockside', 'Hull');
    await addLocation(page, 'Marina', 'Hull');
    await page.goto('/dashboard/warehouse');
    const first = await addWarehouse(page, 'Dockside Warehouse', 'Dockside');
    await first.waitFor({ state: 'hidden' });
    await page
      .getByRole('cell', { name: /Dockside Warehouse/ })
      .first()
      .waitFor();

    // The second is a plan violation: Feature Locked, then View Plans.
    await addWarehouse(page, 'Overflow Warehouse', 'Marina');
    const locked = page.getByRole('dialog', { name: 'Feature Locked' });
    await locked.waitFor();
    await settled(locked);
    expect(await locked.textContent()).toMatch(/warehouse/i);
    await shot(page, 'feature locked');
    await locked.getByRole('button', { name: 'View Plans' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription-plans');
    await page.getByRole('button', { name: 'Current plan' }).waitFor();
    await shot(page, 'plans signed in', { isReviewed: true });

    // Basic, paid with the built-in sandbox provider.
    await page.getByRole('link', { name: 'Choose Basic' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/subscribe');
    const choice = page.getByRole('region', { name: 'Your choice' });
    // The sandbox is said before paying, and again in the toast.
    await choice.getByText('Sandbox: no real card is charged.').waitFor();
    await shot(page, 'subscribe basic', { isMainScreen: true });
    await choice.getByRole('button', { name: 'Confirm' }).click();
    // The toast says the payment went through the sandbox.
    await page.getByText('You are now on the Basic plan. Sandbox: no real card is charged.').waitFor();

    await page.waitForURL((url) => url.pathname === '/dashboard/business-profile');
    const card = page.getByRole('region', { name: 'Subscription' });
    await field(card, 'Plan').getByText('Basic').waitFor();
    expect(await field(card, 'Status').textContent()).toBe('Active');
    expect(await field(card, 'End date').textContent()).toMatch(/\d{4}/);
    const autoRenew = card.getByRole('switch', { name: 'Auto-renew' });
    expect(await autoRenew.isChecked()).toBe(true);
    await shot(page, 'basic active', { isMainScreen: true });

    // The action the Free plan refused now works.
    await page.goto('/dashboard/warehouse');
    const again = await addWarehouse(page, 'Overflow Warehouse', 'Marina');
    await again.waitFor({ state: 'hidden' });
    await page
      .getByRole('cell', { name: /Overflow Warehouse/ })
      .first()
      .waitFor();
    await shot(page, 'second warehouse');

    // Auto-renew off and on again.
    await page.goto('/dashboard/business-profile');
    await autoRenew.click();
    await expect.poll(() => autoRenew.isChecked()).toBe(false);
    await shot(page, 'auto-renew off');
    await autoRenew.click();
    await expect.poll(() => autoRenew.isChecked()).toBe(true);

    // Cancel: confirmation, CANCELED, access until the end of the period.
    await card.getByRole('button', { name: 'Cancel Subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel Subscription' });
    await confirm
      .getByText(
        'Are you sure you want to cancel your subscription? You will keep access until the end of the billing period.',
      )
      .waitFor();
    await settled(confirm);
    await shot(page, 'cancel confirmation');
    await confirm.getByRole('button', { name: 'Proceed' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await field(card, 'Status').getByText('Canceled').waitFor();
    expect(await field(card, 'Access until').textContent()).toMatch(/\d{4}/);
    await shot(page, 'canceled', { isMainScreen: true });

    // Reactivate, then change plan to Supreme.
    await page.goto('/dashboard/business-profile');
    await card.getByRole('button', { name: 'Reactivate' }).click();
    await field(card, 'Status').getByText('Active').waitFor();
    await shot(page, 'reactivated');
    await card.getByRole('link', { name: 'Change Plan' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription-plans');
    await page.getByRole('link', { name: 'Choose Supreme' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/subscribe');
    await shot(page, 'subscribe supreme');
    await page.getByRole('region', { name: 'Your choice' }).getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/business-profile');
    await field(card, 'Plan').getByText('Supreme').waitFor();
    await shot(page, 'supreme active', { isMainScreen: true });
  });

  it('the owner connects the sandbox payment account in a new tab and opens its dashboard', async () => {
    const page = browserPage.page();
    const shot = screenshots('payment-account');
    const owner = await createOwnerWithBusiness('Harbour Bakery');
    await signIn(page, owner.email, owner.password, '/dashboard');
    await page.goto('/dashboard/business-profile');
    const card = page.getByRole('region', { name: 'Payment Management' });
    await card.getByText('Not connected').waitFor();
    expect(await card.getByRole('button', { name: /Express Dashboard/ }).isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: /Re-auth Stripe/ }).isDisabled()).toBe(true);
    await shot(page, 'not connected', { isMainScreen: true });

    // Connect Stripe asks first, then opens the sandbox's onboarding in a new tab.
    await card.getByRole('button', { name: /Connect Stripe/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Connect Stripe' });
    await confirm.getByText(/Are you sure you want to perform: Connect Stripe\?/).waitFor();
    await settled(confirm);
    await shot(page, 'connect confirmation');
    const [onboarding] = await Promise.all([
      page.waitForEvent('popup'),
      confirm.getByRole('button', { name: 'Proceed' }).click(),
    ]);
    await onboarding.waitForURL((url) => url.pathname === '/dashboard/payments/sandbox-onboarding');
    await onboarding.getByRole('button', { name: 'Complete onboarding' }).click();
    await onboarding
      .getByText(/Onboarding complete/)
      .first()
      .waitFor();
    await shot(onboarding, 'sandbox onboarding done');
    await onboarding.close();

    // Back in the first tab the account shows as onboarded: Connect off, the dashboard on.
    await page.bringToFront();
    await page.reload();
    await card.getByText('Onboarding complete').waitFor();
    expect(await card.getByRole('button', { name: /Connect Stripe/ }).isDisabled()).toBe(true);
    await shot(page, 'onboarded', { isMainScreen: true });
    await card.getByRole('button', { name: /Express Dashboard/ }).click();
    const ask = page.getByRole('dialog', { name: 'Express Dashboard' });
    const [dashboard] = await Promise.all([
      page.waitForEvent('popup'),
      ask.getByRole('button', { name: 'Proceed' }).click(),
    ]);
    await dashboard.waitForURL((url) => url.pathname === '/dashboard/payments/sandbox-dashboard');
    await dashboard.getByRole('heading', { name: 'Sandbox Express Dashboard' }).waitFor();
    await shot(dashboard, 'sandbox dashboard');
    await dashboard.close();
  });
});
