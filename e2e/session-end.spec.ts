import { API } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { baseURL, createOwnerWithBusiness, createVerifiedOwner } from './support/api.js';
import { pathOf, signIn, submitSignIn, usePage } from './support/browser.js';
import { screenshots } from './support/screens.js';

const browserPage = usePage();

/** The status of reading one's own user with a token, as a copied token would be used. */
async function readSelfWith(token: string, userId: string): Promise<number> {
  const response = await fetch(`${baseURL()}${API.users.byId.replace(':id', userId)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status;
}

describe('an all-day session', () => {
  it('a second tab opens the dashboard without signing in again; Logout there signs out the first', async () => {
    const first = browserPage.page();
    const shot = screenshots('session second tab');
    const owner = await createOwnerWithBusiness('Lantern Grocers');
    await signIn(first, owner.email, owner.password, '/dashboard');

    // sessionStorage is per tab: the new tab takes the session over the BroadcastChannel.
    const second = await browserPage.context().newPage();
    await second.goto('/dashboard/profile');
    await second.getByRole('navigation', { name: 'Breadcrumb' }).waitFor();
    expect(pathOf(second)).toBe('/dashboard/profile');
    expect(await second.evaluate(() => sessionStorage.getItem('authToken'))).toBeTruthy();
    await shot(second, 'second tab signed in');

    await second.getByRole('button', { name: 'Logout' }).click();
    await second.waitForURL((url) => url.pathname === '/login');
    await first.waitForURL((url) => url.pathname === '/login');
    expect(await first.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
  });

  it('a reload after the access token lapsed renews it with the refresh cookie', async () => {
    const page = browserPage.page();
    const owner = await createOwnerWithBusiness('Dockside Deli');
    await signIn(page, owner.email, owner.password, '/dashboard');
    const before = await page.evaluate(() => sessionStorage.getItem('authToken'));
    // As if an hour had passed: the stored expiry lies in the past.
    await page.evaluate(() => sessionStorage.setItem('authTokenExpiry', String(Date.now() - 1000)));
    const renewed = page.waitForResponse((response) => new URL(response.url()).pathname === API.auth.refresh);
    await page.reload();
    expect((await renewed).status()).toBe(200);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    const after = await page.evaluate(() => sessionStorage.getItem('authToken'));
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
  });
});

describe('the end of a session', () => {
  it('Logout ends the token on the server: a copy of it no longer works', async () => {
    const page = browserPage.page();
    const shot = screenshots('session end logout');
    const owner = await createOwnerWithBusiness('Quayside Provisions');
    await signIn(page, owner.email, owner.password, '/dashboard');

    const token = await page.evaluate(() => sessionStorage.getItem('authToken'));
    const user = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('authUser') ?? '{}') as { id: string },
    );
    expect(token).toBeTruthy();
    expect(await readSelfWith(token ?? '', user.id)).toBe(200);

    const loggedOut = page.waitForResponse(
      (response) => new URL(response.url()).pathname === API.auth.logout,
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect((await loggedOut).status()).toBe(204);
    await shot(page, 'signed out');

    expect(await readSelfWith(token ?? '', user.id)).toBe(401);
    expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
  });

  it('after ten wrong passwords the login page says the account is paused and how to go on', async () => {
    const page = browserPage.page();
    const shot = screenshots('session end lockout');
    const owner = await createVerifiedOwner('Paula Paused');
    // Nine wrong attempts through the API, the tenth and the right one through the page.
    for (let i = 0; i < 9; i++) {
      const response = await fetch(`${baseURL()}${API.auth.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: owner.email, password: 'not-the-Right-password-1' }),
      });
      expect(response.status).toBe(401);
    }
    await page.goto('/login');
    await submitSignIn(page, owner.email, 'not-the-Right-password-1');
    await page.getByRole('alert').filter({ hasText: 'not correct' }).waitFor();

    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === API.auth.login);
    await submitSignIn(page, owner.email, owner.password);
    expect((await answer).status()).toBe(429);
    const alert = page.getByRole('alert').filter({ hasText: 'Too many failed sign-ins for this account' });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/Try again in 15 minutes, or reset your password\./);
    expect(pathOf(page)).toBe('/login');
    await shot(page, 'account paused', { isMainScreen: true });
  });
});
