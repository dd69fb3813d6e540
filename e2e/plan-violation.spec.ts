import { PLAN_VIOLATION_HEADER } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { createOwnerWithBusiness, createStaff, createVerifiedOwner, postStaff } from './support/api.js';
import { pathOf, signIn, usePage } from './support/browser.js';
import { newStaff } from './support/people.js';
import { screenshots } from './support/screens.js';

const UPGRADE_TEXT = 'It looks like this feature is part of a subscription plan. Upgrade now to gain access!';
/** Headers the browser's network stack sets itself for a fulfilled answer. */
const TRANSPORT_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

const browserPage = usePage();

describe('plan violation', () => {
  it('refuses a third staff member on the Free plan and shows "Feature Locked" with the server message', async () => {
    const page = browserPage.page();
    const shot = screenshots('plan violation');
    const owner = await createOwnerWithBusiness('Tidewater Books');

    // The Free plan allows 2 staff users: the third is a plan violation.
    await createStaff(owner.token, newStaff('First Clerk'), ['ROLE_INVENTORY_READER']);
    await createStaff(owner.token, newStaff('Second Clerk'), ['ROLE_INVENTORY_READER']);
    const refusal = await postStaff(owner.token, newStaff('Third Clerk'), ['ROLE_INVENTORY_READER']);
    const refusalBody = await refusal.text();
    expect(refusal.status).toBe(403);
    expect(refusal.headers.get(PLAN_VIOLATION_HEADER)).toBe('1');
    const { code, message } = JSON.parse(refusalBody) as { code: string; message: string };
    expect(code).toBe('PLAN_VIOLATION');
    expect(message).toMatch(/staff users/);

    // No screen creates staff yet, so the app never makes that call itself. To see how the app
    // meets a plan violation (any call, 000 section 4), the real refusal above is replayed as the
    // answer to the next call the app makes: the user lookup of the business setup page, where a
    // new owner lands after signing in.
    const headers: Record<string, string> = {};
    refusal.headers.forEach((value, name) => {
      if (!TRANSPORT_HEADERS.has(name)) headers[name] = value;
    });
    await page.route(
      '**/api/users/*',
      (route) => route.fulfill({ status: refusal.status, headers, body: refusalBody }),
      { times: 1 },
    );
    const newOwner = await createVerifiedOwner('Nadia New');
    await signIn(page, newOwner.email, newOwner.password, '/dashboard/business-setup');

    const dialog = page.getByRole('dialog', { name: 'Feature Locked' });
    await dialog.waitFor();
    expect(await dialog.getByText(UPGRADE_TEXT, { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByText(message, { exact: true }).isVisible()).toBe(true);
    await shot(page, 'feature locked', { isMainScreen: true });

    // A click on the backdrop does not close it.
    await page.mouse.click(10, 790);
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'View Plans' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription-plans');
    await dialog.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/subscription-plans');
    await page.getByRole('heading', { name: 'Plans that grow with you' }).waitFor();
    await shot(page, 'subscription plans');
  });
});
