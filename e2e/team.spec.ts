import { API } from '@app/contracts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, createOwnerWithBusiness, dataDir, logIn } from './support/api.js';
import { launchBrowser, newContext, signIn } from './support/browser.js';
import { setPlan } from './support/database.js';
import { findLink, waitForMail } from './support/mailbox.js';
import { newStaff, type Person } from './support/people.js';
import { screenshots } from './support/screens.js';

/**
 * The "Done when" of issue 10, walked as a new owner would: invite two staff, change one's roles
 * (which signs her out), disable the other, edit both profiles, read it all back in the Logs, and
 * a second business finds none of it. Two browser contexts: the owner's and the staff member's.
 */

let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function openPage(): Promise<Page> {
  if (!browser) throw new Error('the browser did not start');
  const context = await newContext(browser);
  contexts.push(context);
  return context.newPage();
}

function memberRow(page: Page, person: Person): Locator {
  return page.getByRole('row').filter({ hasText: person.email });
}

async function invite(page: Page, person: Person, role: string): Promise<void> {
  // With nobody invited yet the empty list offers its own button too: the header's comes first.
  await page.getByRole('button', { name: 'Invite staff' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Invite staff' });
  await dialog.getByLabel(/^Full name/).fill(person.fullName);
  await dialog.getByLabel(/^E-mail/).fill(person.email);
  await dialog.getByRole('checkbox', { name: role }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await memberRow(page, person).getByText('Invited').waitFor();
}

/** Edit, change the fields, Save, confirm with the card's own confirmation, back to reading. */
async function editCard(
  page: Page,
  card: Locator,
  edit: { button: string; fields: Record<string, string>; confirmTitle: string },
): Promise<void> {
  await card.getByRole('button', { name: edit.button }).click();
  for (const [label, value] of Object.entries(edit.fields)) {
    await card.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
  }
  await card.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog', { name: edit.confirmTitle });
  await confirm.getByRole('button', { name: 'Proceed' }).click();
  await confirm.waitFor({ state: 'hidden' });
  await card.getByRole('button', { name: edit.button }).waitFor();
}

async function statusWith(token: string, method: string, path: string, body?: unknown): Promise<number> {
  const response = await fetch(`${baseURL()}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.status;
}

describe('running the team', () => {
  it('invites, re-roles, disables, edits the profiles and reads it all back in the logs', async () => {
    const shot = screenshots('team and logs');
    const owner = await createOwnerWithBusiness('Lighthouse Outfitters');
    await setPlan(owner.businessId, 'SUPREME');
    const ownerId = (await logIn(owner.email, owner.password)).user.userId;
    const nora = newStaff('Nora Shelf');
    const pete = newStaff('Pete Catalog');

    // 2. The owner invites two staff with different roles.
    const page = await openPage();
    await signIn(page, owner.email, owner.password, '/dashboard');
    await page.goto('/dashboard/access');
    await page.getByRole('heading', { name: 'Access Management' }).waitFor();
    await invite(page, nora, 'Inventory reader');
    await invite(page, pete, 'Product reader');
    await shot(page, 'two invited', { isMainScreen: true });

    // Nora accepts from the mailed link and signs in in her own browser context.
    const staffPage = await openPage();
    const mail = await waitForMail(dataDir(), nora.email, 'You have been invited to Lighthouse Outfitters');
    await staffPage.goto(findLink(mail, '/validate-account'));
    await staffPage.getByLabel(/^New password/).fill(nora.password);
    await staffPage.getByLabel(/^Confirm new password/).fill(nora.password);
    await staffPage.getByRole('button', { name: 'Activate account' }).click();
    await staffPage.getByText('Your account is validated. You can sign in now.').waitFor();
    await signIn(staffPage, nora.email, nora.password, '/dashboard');
    const drawer = staffPage.getByRole('navigation', { name: 'Main' });
    await drawer.getByRole('button', { name: 'Inventory' }).waitFor();
    expect(await drawer.getByRole('link', { name: 'Products' }).count()).toBe(0);
    await shot(staffPage, 'staff drawer before');

    // 3. The owner makes her a product admin too; her next step signs her out.
    await page.reload();
    await memberRow(page, nora).getByText('Active').waitFor();
    await memberRow(page, nora)
      .getByRole('button', { name: `Assign roles ${nora.fullName}` })
      .click();
    const assign = page.getByRole('dialog', { name: 'Assign roles' });
    expect(await assign.getByRole('checkbox', { name: 'Inventory reader' }).isChecked()).toBe(true);
    await assign.getByRole('checkbox', { name: 'Product admin' }).check();
    await shot(page, 'assign roles');
    await assign.getByRole('button', { name: 'Save roles' }).click();
    await assign.waitFor({ state: 'hidden' });
    await memberRow(page, nora).getByText('Product admin').waitFor();

    await drawer.getByRole('button', { name: 'Inventory' }).click();
    await drawer.getByRole('link', { name: 'Inventory', exact: true }).click();
    await staffPage.waitForURL((url) => url.pathname === '/login');
    // Signing in again returns her to the page she was sent away from.
    await signIn(staffPage, nora.email, nora.password, '/dashboard/inventory');
    await drawer.getByRole('link', { name: 'Products' }).waitFor();
    await shot(staffPage, 'staff drawer after', { isMainScreen: true });

    // 4. The owner disables Pete.
    await memberRow(page, pete)
      .getByRole('button', { name: `Disable ${pete.fullName}` })
      .click();
    const disable = page.getByRole('dialog', { name: 'Disable user' });
    await disable.getByRole('button', { name: 'Disable' }).click();
    await disable.waitFor({ state: 'hidden' });
    await memberRow(page, pete).getByText('Disabled').waitFor();
    await shot(page, 'one disabled');

    // 5. The profiles: the owner's own two cards, then the business's two.
    await page.goto('/dashboard/profile');
    await editCard(page, page.getByRole('region', { name: 'User information' }), {
      button: 'Edit',
      fields: { 'Phone number': '+44 20 7946 0958', Description: 'Runs the shop floor.' },
      confirmTitle: 'Update Profile',
    });
    await editCard(page, page.getByRole('region', { name: 'Address', exact: true }), {
      button: 'Edit',
      fields: { City: 'Portsmouth', Street: '12 Quay Lane' },
      confirmTitle: 'Update Address',
    });
    await page.reload();
    for (const text of ['+44 20 7946 0958', 'Runs the shop floor.', 'Portsmouth', '12 Quay Lane']) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await shot(page, 'profile edited', { isMainScreen: true });

    await page.goto('/dashboard/business-profile');
    await editCard(page, page.getByRole('region', { name: 'Lighthouse Outfitters' }), {
      button: 'Edit Business Info',
      fields: { 'Registration number': 'GB-448812', Description: 'Outdoor gear by the sea.' },
      confirmTitle: 'Update Business Profile',
    });
    await editCard(page, page.getByRole('region', { name: 'Business Address' }), {
      button: 'Edit',
      fields: { City: 'Southsea', 'Postal code': 'PO5 3AA' },
      confirmTitle: 'Update Business Address',
    });
    await page.reload();
    for (const text of ['GB-448812', 'Outdoor gear by the sea.', 'Southsea', 'PO5 3AA']) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await shot(page, 'business profile edited', { isMainScreen: true });

    // 6. The Logs: the owner's entries, picked by e-mail, then only the access changes.
    await page.goto('/dashboard/logs');
    const email = page.getByRole('combobox', { name: 'User e-mail' });
    // Suggestions start at two characters.
    await email.fill(owner.email.slice(0, 2));
    await page.getByRole('option', { name: new RegExp(owner.email) }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Audit log' });
    await table
      .getByRole('cell', { name: /Updated the .* of their own profile/ })
      .first()
      .waitFor();
    await table.getByRole('cell', { name: 'USER UPDATE' }).first().waitFor();

    await page.getByRole('combobox', { name: 'Event type' }).click();
    await page.getByRole('option', { name: 'ACCESS ADJUSTED' }).click();
    const filtered = page.waitForResponse((response) =>
      new URL(response.url()).pathname.endsWith('/event/ACCESS_ADJUSTED'),
    );
    await page.getByRole('button', { name: 'Search' }).click();
    expect((await filtered).status()).toBe(200);
    await table.getByRole('cell', { name: `Disabled the account of ${pete.fullName}.` }).waitFor();
    await table.getByRole('cell', { name: new RegExp(`Changed the roles of ${nora.fullName}`) }).waitFor();
    expect(await table.getByRole('cell', { name: 'USER UPDATE' }).count()).toBe(0);
    await shot(page, 'logs by user and event', { isMainScreen: true });

    await page.getByRole('tab', { name: 'All users' }).click();
    await table.getByRole('cell', { name: `Disabled the account of ${pete.fullName}.` }).waitFor();
    await table
      .getByRole('cell', { name: /of their own profile/ })
      .first()
      .waitFor();
    await shot(page, 'logs all users');

    // 7. Another business finds none of it.
    const other = await createOwnerWithBusiness('Inland Traders');
    const noraId = await page.evaluate(
      async (search) => {
        const token = sessionStorage.getItem('authToken') ?? '';
        const response = await fetch(search, { headers: { Authorization: `Bearer ${token}` } });
        const body = (await response.json()) as { content: { userId: string; email: string }[] };
        return body.content[0]?.userId ?? '';
      },
      `${API.users.search}?partialEmail=${encodeURIComponent(nora.email)}`,
    );
    expect(noraId).not.toBe('');
    expect(await statusWith(other.token, 'GET', API.users.byId.replace(':id', noraId))).toBe(404);
    expect(
      await statusWith(other.token, 'PUT', API.users.roles.replace(':id', noraId), ['ROLE_INVENTORY_READER']),
    ).toBe(404);
    await setPlan(other.businessId, 'SUPREME');
    expect(await statusWith(other.token, 'GET', API.audit.byUser.replace(':userId', ownerId))).toBe(404);
  });
});
