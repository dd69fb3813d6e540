import { API } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { createBusiness, dataDir, logIn, registerOwner, verifyEmail } from './support/api.js';
import { pathOf, signIn, submitSignIn, usePage } from './support/browser.js';
import { findLink, waitForMail } from './support/mailbox.js';
import { newOwner } from './support/people.js';
import { screenshots } from './support/screens.js';

const RESEND_ANSWER =
  'If this address has an account that still needs verifying, we have sent it a new link. It works for 24 hours.';

const browserPage = usePage();

describe('recovery from dead links', () => {
  it('sends an expired verification link to a page that mails a new one', async () => {
    const page = browserPage.page();
    const shot = screenshots('link recovery');
    const owner = newOwner('Vera Late');
    await registerOwner(owner);

    await page.goto(`${API.auth.verifyEmail}?token=long-expired-token`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe('/login?verification=expired');
    await page.getByRole('heading', { name: 'This link has expired' }).waitFor();
    await shot(page, 'verification expired', { isReviewed: true });
    await page.getByRole('textbox', { name: 'E-mail' }).fill(owner.email);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByText(RESEND_ANSWER, { exact: true }).waitFor();
    await shot(page, 'verification expired sent', { isReviewed: true });
  });

  it('sends the holder of a link a mail scanner used already to sign in', async () => {
    const page = browserPage.page();
    const owner = newOwner('Sid Scanner');
    await registerOwner(owner);
    const link = findLink(
      await waitForMail(dataDir(), owner.email, 'Verify your e-mail address'),
      API.auth.verifyEmail,
    );
    await verifyEmail(owner.email);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe('/login?verified=1');
  });

  it('offers a new link, with the address filled in, when an unverified account signs in', async () => {
    const page = browserPage.page();
    const shot = screenshots('link recovery unverified sign-in');
    const owner = newOwner('Uma Unverified');
    await registerOwner(owner);
    await submitSignIn(page, owner.email, owner.password);
    const alert = page.getByRole('alert');
    await alert.getByText(/Please verify your e-mail address first/).waitFor();
    await shot(page, 'not verified', { isReviewed: true });
    await alert.getByRole('button', { name: 'Send a new link' }).click();
    const form = page.getByRole('form', { name: 'Send a new verification link' });
    expect(await form.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(owner.email);
    await form.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByText(RESEND_ANSWER, { exact: true }).waitFor();
    await shot(page, 'new link sent', { isReviewed: true });
  });

  it('reports a used reset link and a used invitation when the page opens', async () => {
    const page = browserPage.page();
    const shot = screenshots('link recovery invalid links');
    await page.goto(`${API.auth.resetPasswordConfirm}?token=used-or-made-up`);
    await page.getByText('This reset link no longer works').waitFor();
    expect(await page.getByLabel(/^New password/).count()).toBe(0);
    await shot(page, 'reset link invalid', { isReviewed: true });
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL((url) => url.pathname === '/reset-password');

    await page.goto('/validate-account?token=used-or-made-up');
    await page.getByText('This invitation no longer works').waitFor();
    await page.getByText(/Ask your administrator for a new invitation/).waitFor();
    expect(await page.getByLabel(/^New password/).count()).toBe(0);
    await shot(page, 'invitation invalid', { isReviewed: true });
    await page.getByRole('link', { name: 'Back to sign in' }).first().click();
    await page.waitForURL((url) => url.pathname === '/login');
  });
});

describe('the setup checklist', () => {
  it('can be dismissed, and stays dismissed', async () => {
    const page = browserPage.page();
    const owner = newOwner('Dana Dismiss');
    await registerOwner(owner);
    await verifyEmail(owner.email);
    const first = await logIn(owner.email, owner.password);
    await createBusiness(first.token, { businessName: 'Dismissal Deli' });
    await signIn(page, owner.email, owner.password, '/dashboard');
    const checklist = page.getByRole('region', { name: 'Get your business going' });
    await checklist.waitFor();
    await checklist.getByRole('button', { name: 'Dismiss the setup checklist' }).click();
    await checklist.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Dana' }).waitFor();
    expect(await checklist.count()).toBe(0);
  });
});
