import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TSessionUser } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { dataDir, getBusiness } from './support/api.js';
import { CONSENT_COOKIE_NAME, pathOf, signIn, usePage } from './support/browser.js';
import { newOwner } from './support/people.js';
import { makePng, writePngFile } from './support/png.js';
import { screenshots } from './support/screens.js';

const REGISTERED_TEXT = 'It can take a minute; check your spam folder too.';
const VERIFIED_NOTE = 'Your e-mail address is verified. You can sign in now.';
const SETUP_READY_TITLE = 'Your business is ready';
const SET_UP_NOTE = 'Your business is set up. Sign in to open your dashboard.';
const CHECKLIST_STEPS = ['Add a location and a store', 'Add products', 'Invite staff'];
const DRAWER_ENTRIES = [
  'Products',
  'Inventory',
  'Analytics',
  'Access Management',
  'Rewards',
  'Communications',
  'Logs',
  'Settings',
  'Logout',
];

// This journey starts as a first-time visitor: no consent cookie yet.
const browserPage = usePage({ hasConsent: false });

describe('owner onboarding', () => {
  it('registers, verifies the e-mail, sets up the business and reaches the dashboard', async () => {
    const page = browserPage.page();
    const shot = screenshots('owner onboarding');
    const owner = newOwner('Olivia Marsh');

    // Registration, with the cookie panel a first visit shows.
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    const cookiePanel = page.getByRole('dialog', { name: 'Cookies on this site' });
    await cookiePanel.waitFor();
    await shot(page, 'register with cookie panel', { isMainScreen: true });
    await cookiePanel.getByRole('button', { name: 'Allow all' }).click();
    await cookiePanel.waitFor({ state: 'detached' });
    const cookies = await browserPage.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).toContain(CONSENT_COOKIE_NAME);

    await page.getByRole('textbox', { name: 'Full name' }).fill(owner.fullName);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(owner.email);
    await page.getByLabel(/^Password/).fill(owner.password);
    await shot(page, 'register filled');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    expect(await page.getByText(REGISTERED_TEXT, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(`We sent an e-mail to ${owner.email}`).isVisible()).toBe(true);
    await shot(page, 'check your e-mail');

    // The verification link, followed from the local mailbox page as a new user would: its
    // address (with the key kept in DATA_DIR) is the one the start log prints. The mail leaves
    // through the job queue a moment after the answer: reload until the page lists it.
    const mailboxKey = readFileSync(path.join(dataDir(), 'dev-mailbox-key'), 'utf8').trim();
    await page.goto(`/dev/mailbox?key=${mailboxKey}`);
    const mail = page
      .getByRole('article')
      .filter({ hasText: owner.email })
      .filter({ hasText: 'Verify your e-mail address' });
    const deadline = Date.now() + 15_000;
    while ((await mail.count()) === 0) {
      if (Date.now() > deadline) throw new Error('The verification mail was not listed on /dev/mailbox.');
      await new Promise((resolve) => setTimeout(resolve, 250));
      await page.reload();
    }
    await shot(page, 'mailbox');
    await mail.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe('/login?verified=1');
    await page.getByText(VERIFIED_NOTE, { exact: true }).waitFor();
    await shot(page, 'login after verification', { isMainScreen: true });

    // The guard sends an owner without a business to the setup.
    await signIn(page, owner.email, owner.password, '/dashboard/business-setup');
    await page.getByRole('heading', { name: 'Complete Your Business Profile' }).waitFor();
    await page
      .getByText(`Welcome, ${owner.fullName}! Tell us about your business to start using your dashboard.`)
      .waitFor();
    await shot(page, 'business setup', { isMainScreen: true });

    const form = page.getByRole('form', { name: 'Business profile' });
    await form.getByLabel('Business name').fill('Marsh & Daughters Provisions');
    await form.getByLabel('Registration number').fill('HRB 40417');
    await form.getByLabel('E-mail').fill('hello@marsh-provisions.example');
    await form.getByLabel('Phone number').fill('+49 30 1234567');
    await form.getByLabel('Website').fill('https://marsh-provisions.example');
    await form.getByRole('combobox', { name: 'Industry type' }).click();
    await page.getByRole('option', { name: 'Retail' }).click();
    await form.getByLabel('Description').fill('Fresh produce and pantry goods in two neighbourhood stores.');
    await form.getByLabel('Street').fill('Kastanienallee 12');
    await form.getByLabel('City').fill('Berlin');
    await form.getByLabel('Postal code').fill('10435');
    await form.getByLabel('Country').fill('Germany');

    const logo = makePng(48, [46, 125, 50]);
    await form.getByLabel('Business logo').setInputFiles(writePngFile('marsh-logo.png', logo));
    await form.getByRole('img', { name: 'Preview of marsh-logo.png' }).waitFor();
    await shot(page, 'business setup filled with logo preview');

    // Hold the create call until the busy label has been seen, so the check does not race it.
    let releaseCreate = () => {};
    const isCreateReleased = new Promise<void>((resolve) => {
      releaseCreate = resolve;
    });
    await page.route(
      '**/api/businesses/create',
      async (route) => {
        await isCreateReleased;
        await route.continue();
      },
      { times: 1 },
    );
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('button', { name: 'Processing...' }).waitFor();
    expect(await form.getByRole('button', { name: 'Processing...' }).isDisabled()).toBe(true);
    await shot(page, 'business setup processing');
    releaseCreate();

    // The hand-off: her business and the logo she chose, and why she signs in again.
    const panel = page.getByRole('status', { name: SETUP_READY_TITLE });
    await panel.waitFor();
    await panel.getByText('Marsh & Daughters Provisions', { exact: true }).waitFor();
    expect(await panel.getByRole('img', { name: 'Marsh & Daughters Provisions logo' }).isVisible()).toBe(
      true,
    );
    expect(await panel.getByText(/sign in once more/).isVisible()).toBe(true);
    expect(await form.getByLabel('Business name').inputValue()).toBe('');
    await shot(page, 'business setup saved', { isReviewed: true });

    // Signed out after 3 seconds to pick up a token with the business id; /login says why and
    // has her address filled in.
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
    await page.getByText(SET_UP_NOTE, { exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'E-mail or username' }).inputValue()).toBe(owner.email);
    await shot(page, 'login after setup', { isReviewed: true });

    await page.getByLabel(/^Password/).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Olivia' }).waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    const drawer = page.getByRole('navigation', { name: 'Main' });
    await drawer.getByRole('link', { name: 'Products' }).waitFor();
    const entries = await drawer.getByRole('listitem').allInnerTexts();
    expect(entries.map((entry) => entry.trim())).toEqual(DRAWER_ENTRIES);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect((await breadcrumb.innerText()).trim()).toBe('Dashboard');

    // A new business gets its first steps, none done yet, each linking to its screen.
    const checklist = page.getByRole('region', { name: 'Get your business going' });
    await checklist.waitFor();
    const steps = await checklist.getByRole('listitem').getByRole('heading').allInnerTexts();
    expect(steps).toEqual(CHECKLIST_STEPS);
    expect(await checklist.getByRole('link', { name: 'Start: Invite staff' }).getAttribute('href')).toBe(
      '/dashboard/access',
    );
    await shot(page, 'dashboard', { isMainScreen: true, isReviewed: true });

    const stored = await page.evaluate(() => ({
      authToken: sessionStorage.getItem('authToken'),
      authTokenExpiry: sessionStorage.getItem('authTokenExpiry'),
      authUser: sessionStorage.getItem('authUser'),
      businessId: sessionStorage.getItem('businessId'),
    }));
    expect(stored.authToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const expiresIn = Number(stored.authTokenExpiry) - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(3600_000);
    const user = JSON.parse(stored.authUser ?? 'null') as TSessionUser;
    expect(user).toMatchObject({
      email: owner.email,
      fullName: owner.fullName,
      roles: ['ROLE_BUSINESS_OWNER'],
    });
    expect(stored.businessId).toBeTruthy();
    expect(user.businessId).toBe(stored.businessId);

    // The uploaded logo is stored under DATA_DIR/blobs, re-encoded (never as sent): a PNG of its size.
    const business = await getBusiness(stored.authToken ?? '', stored.businessId ?? '');
    expect(business).toMatchObject({ businessName: 'Marsh & Daughters Provisions', industryType: 'retail' });
    expect(business.logoUrl).toBeTruthy();
    const logoFile = path.join(dataDir(), 'blobs', 'inventory', business.logoUrl ?? '');
    expect(existsSync(logoFile)).toBe(true);
    const storedLogo = readFileSync(logoFile);
    expect(storedLogo.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([storedLogo.readUInt32BE(16), storedLogo.readUInt32BE(20)]).toEqual([48, 48]);
  });
});
