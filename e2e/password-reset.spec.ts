import { API } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { createVerifiedOwner, dataDir } from './support/api.js';
import { pathOf, signIn, submitSignIn, usePage } from './support/browser.js';
import { findLink, waitForMail } from './support/mailbox.js';
import { screenshots } from './support/screens.js';

const RESET_REQUESTED_TEXT =
  'If an account exists for this address, we have sent it a link to reset the password.';
const BAD_CREDENTIALS_TEXT = 'The e-mail address or password is not correct.';

const browserPage = usePage();

describe('password reset', () => {
  it('mails a link that sets a new password; the old one stops working', async () => {
    const page = browserPage.page();
    const shot = screenshots('password reset');
    const owner = await createVerifiedOwner('Priya Reset');
    const newPassword = 'amber-Lighthouse-19-compass';

    await page.goto('/reset-password');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(owner.email);
    await shot(page, 'request form', { isMainScreen: true });
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(RESET_REQUESTED_TEXT, { exact: true }).waitFor();
    await shot(page, 'request sent');

    const mail = await waitForMail(dataDir(), owner.email, 'Reset your password');
    const link = findLink(mail, API.auth.resetPasswordConfirm);
    expect(new URL(link).searchParams.get('token')).toBeTruthy();

    // The link is served by the server as the app, whose page posts the new password.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel(/^Confirm new password/).fill(newPassword);
    await shot(page, 'new password', { isMainScreen: true });
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your password has been changed. You can sign in with the new one.').waitFor();
    await shot(page, 'login after reset');

    await submitSignIn(page, owner.email, owner.password);
    await page.getByRole('alert').filter({ hasText: BAD_CREDENTIALS_TEXT }).waitFor();
    expect(pathOf(page)).toBe('/login');

    await signIn(page, owner.email, newPassword, '/dashboard/business-setup');
    await page.getByRole('heading', { name: 'Complete Your Business Profile' }).waitFor();
  });
});
