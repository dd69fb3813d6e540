import { API } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { createOwnerWithBusiness, createVerifiedOwner } from './support/api.js';
import { pathOf, signIn, submitSignIn, usePage } from './support/browser.js';
import { screenshots } from './support/screens.js';

const browserPage = usePage();

describe('sign-in', () => {
  it('shows the server message for a wrong password and stays on /login', async () => {
    const page = browserPage.page();
    const shot = screenshots('sign-in wrong password');
    const owner = await createVerifiedOwner();
    await page.goto('/login');

    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === API.auth.login);
    await submitSignIn(page, owner.email, 'not-the-Right-password-1');
    const response = await answer;
    expect(response.status()).toBe(401);
    const { message } = (await response.json()) as { message: string };
    expect(message).toBe('The e-mail address or password is not correct.');

    const alert = page.getByRole('alert').filter({ hasText: message });
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(message);
    expect(pathOf(page)).toBe('/login');
    expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
    await shot(page, 'login refused', { isMainScreen: true });
  });

  it('sends an anonymous visitor of a protected page to /login, and back there after signing in', async () => {
    const page = browserPage.page();
    const shot = screenshots('sign-in anonymous protected page');
    const owner = await createOwnerWithBusiness();

    await page.goto('/dashboard/product');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await shot(page, 'login instead of products');

    await signIn(page, owner.email, owner.password, '/dashboard/product');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Products').waitFor();
    await shot(page, 'products after sign-in');
  });
});
