import { describe, expect, it } from 'vitest';
import { createActivatedStaff, createOwnerWithBusiness, createStaff, dataDir } from './support/api.js';
import { pathOf, signIn, usePage } from './support/browser.js';
import { findLink, waitForMail } from './support/mailbox.js';
import { newStaff } from './support/people.js';
import { screenshots } from './support/screens.js';

const FORBIDDEN_TITLE = 'You don\u2019t have permission to view this page.';
const FORBIDDEN_HINT =
  'If you believe this is an error, please ask an administrator to add the correct role to your account.';

const browserPage = usePage();

describe('staff access', () => {
  it('lets an invited staff member set a password from the mail and reach the dashboard', async () => {
    const page = browserPage.page();
    const shot = screenshots('staff invitation');
    const owner = await createOwnerWithBusiness('Quayside Hardware');
    const staff = newStaff('Sam Stockman');
    // No screen creates staff yet: the owner does it through the API.
    await createStaff(owner.token, staff, ['ROLE_INVENTORY_READER']);

    const mail = await waitForMail(dataDir(), staff.email, 'You have been invited to Quayside Hardware');
    await page.goto(findLink(mail, '/validate-account'));
    await page.getByRole('heading', { name: 'Activate your account' }).waitFor();
    await page.getByLabel(/^New password/).fill(staff.password);
    await page.getByLabel(/^Confirm new password/).fill(staff.password);
    await shot(page, 'activate account', { isMainScreen: true });
    await page.getByRole('button', { name: 'Activate account' }).click();

    await page.getByText('Your account is validated. You can sign in now.').waitFor();
    const validatedAt = Date.now();
    await shot(page, 'account validated');
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    // The redirect waits 3 seconds (000 section 9); allow for the time the text took to show.
    expect(Date.now() - validatedAt).toBeGreaterThan(2_000);

    await signIn(page, staff.email, staff.password, '/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Sam' }).waitFor();
    const drawer = page.getByRole('navigation', { name: 'Main' });
    // Inventory is a group of the drawer (its screens below it).
    await drawer.getByRole('button', { name: 'Inventory' }).waitFor();
    expect(await drawer.getByRole('link', { name: 'Products' }).count()).toBe(0);
    await shot(page, 'staff dashboard', { isMainScreen: true });
  });

  it('refuses the products page to a staff member without a product role', async () => {
    const page = browserPage.page();
    const shot = screenshots('staff without product role');
    const owner = await createOwnerWithBusiness();
    const staff = await createActivatedStaff(owner.token, ['ROLE_INVENTORY_READER']);

    await signIn(page, staff.email, staff.password, '/dashboard');
    await page.goto('/dashboard/product');
    await page.getByRole('heading', { name: FORBIDDEN_TITLE }).waitFor();
    expect(await page.getByText(FORBIDDEN_HINT, { exact: true }).isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/dashboard/product');
    await shot(page, 'products refused', { isMainScreen: true });
  });
});
