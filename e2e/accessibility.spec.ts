import { describe, expect, it } from 'vitest';
import { createOwnerWithBusiness, createVerifiedOwner } from './support/api.js';
import { findSeriousViolations } from './support/axe.js';
import { signIn, usePage } from './support/browser.js';
import { screenshots } from './support/screens.js';

const browserPage = usePage({ bypassCSP: true });

describe('accessibility', () => {
  it('has no serious or critical axe violations on /login', async () => {
    const page = browserPage.page();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await screenshots('axe login')(page, 'login');
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('has no serious or critical axe violations on /register', async () => {
    const page = browserPage.page();
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await screenshots('axe register')(page, 'register');
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('has no serious or critical axe violations on /dashboard', async () => {
    const page = browserPage.page();
    const owner = await createOwnerWithBusiness();
    await signIn(page, owner.email, owner.password, '/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Olivia' }).waitFor();
    await screenshots('axe dashboard')(page, 'dashboard');
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('has no serious or critical axe violations on /dashboard/business-setup', async () => {
    const page = browserPage.page();
    const owner = await createVerifiedOwner();
    await signIn(page, owner.email, owner.password, '/dashboard/business-setup');
    await page.getByText(`Welcome, ${owner.fullName}!`).waitFor();
    await screenshots('axe business setup')(page, 'business setup');
    expect(await findSeriousViolations(page)).toEqual([]);
  });
});
