import { describe, expect, it } from 'vitest';
import {
  API,
  type TInventoryItem,
  type TLocation,
  type TLoyaltyMemberDetail,
  type TProduct,
} from '@app/contracts';
import type { Page } from 'playwright-core';
import { call, createOwnerWithBusiness } from './support/api.js';
import { findSeriousViolations } from './support/axe.js';
import { signIn, usePage } from './support/browser.js';
import { uniqueEmail } from './support/people.js';
import { screenshots } from './support/screens.js';

// bypassCSP only lets axe-core be injected for the accessibility checks.
const browserPage = usePage({ bypassCSP: true });

/**
 * A store at Market Row selling a cheese board at 12.00, 10 in stock: one unit earns 12 points on
 * "Bronze, Silver and Gold" (a point per whole unit), past a Silver threshold lowered to 10.
 */
async function arrangeStore(token: string) {
  const marketRow = await call<TLocation>(token, 'POST', API.locations.root, {
    name: 'Market Row',
    city: 'Frome',
  });
  const store = new FormData();
  store.append('store', JSON.stringify({ name: 'Bramble Market Row', locationId: marketRow.id }));
  await call(token, 'POST', API.stores.root, store);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Cheese board',
    sku: 'CHEESE-BOARD',
    price: '12.00',
    locationId: marketRow.id,
  }))
    form.append(name, value);
  const board = await call<TProduct>(token, 'POST', API.products.root, form);
  await call<TInventoryItem>(token, 'POST', API.inventory.root, {
    productId: board.id,
    locationId: marketRow.id,
    quantity: 10,
  });
}

/** Scans one cheese board and types the customer reference; waits for the member panel to name her. */
async function startSale(page: Page, email: string, memberName: string) {
  const scan = page.getByLabel('Scan or type a barcode or SKU');
  await scan.fill('CHEESE-BOARD');
  await scan.press('Enter');
  await page.getByText('Subtotal (1 item)').waitFor();
  const reference = page.getByLabel('Customer reference (optional)');
  await reference.fill(email);
  await reference.press('Enter');
  const panel = page.getByRole('group', { name: 'Loyalty member' });
  await panel.getByText(memberName).waitFor();
  return panel;
}

/** Opens the receipt of the sale just recorded and returns its dialog. */
async function openReceipt(page: Page) {
  await page.getByRole('button', { name: 'Receipt' }).click();
  const receipt = page.getByRole('dialog', { name: /^Sale · / });
  await receipt.getByRole('heading', { name: 'Total' }).waitFor();
  return receipt;
}

describe('loyalty', () => {
  it('an owner starts the tiered programme, lowers Silver, signs a member up, and the till earns and redeems her points', async () => {
    const page = browserPage.page();
    const shot = screenshots('loyalty');
    const owner = await createOwnerWithBusiness('Bramble Market');
    // Loyalty comes with Basic and above: the Advanced plan, paid through the sandbox provider.
    await call(owner.token, 'POST', API.subscriptions.root, { planId: 'ADVANCED' });
    await arrangeStore(owner.token);
    const member = { name: 'Maya Member', email: uniqueEmail('maya') };
    await signIn(page, owner.email, owner.password, '/dashboard');

    // Rewards: no programme yet; the built-in tiered template is activated from the gallery.
    await page.goto('/dashboard/rewards');
    await page.getByText('No loyalty programme is running').waitFor();
    await page.getByRole('button', { name: 'Activate Bronze, Silver and Gold' }).click();
    await page.getByText('Loyalty programme activated').waitFor();
    const running = page.getByRole('region', { name: 'Running programme' });
    await running.getByRole('heading', { name: 'Bronze, Silver and Gold' }).waitFor();
    const tiers = running.getByRole('table', { name: 'Tiers' });
    await tiers.getByRole('row', { name: /^Silver\s+1,000\s/ }).waitFor();

    // Adjust the rules: Silver from 10 points earned instead of 1,000.
    await running.getByRole('button', { name: 'Adjust the rules' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust the rules' });
    const silver = adjust.getByRole('group', { name: 'Tier 2' });
    await expect(silver.getByLabel('Tier name').inputValue()).resolves.toBe('Silver');
    await silver.getByLabel('From points').fill('10');
    await shot(page, 'adjust the rules');
    await adjust.getByRole('button', { name: 'Save rules' }).click();
    await adjust.waitFor({ state: 'hidden' });
    await page.getByText('Programme rules updated').waitFor();
    await running.getByText('Rules adjusted').waitFor();
    await tiers.getByRole('row', { name: /^Silver\s+10\s/ }).waitFor();
    await shot(page, 'rewards with the programme running', { isReviewed: true });
    expect(await findSeriousViolations(page)).toEqual([]);

    // Members: sign Maya up with her name and e-mail; the card code is made for her.
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'members');
    await page.getByRole('button', { name: 'Add member' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add member' });
    await add.getByLabel('Name').fill(member.name);
    await add.getByLabel('E-mail').fill(member.email);
    await add.getByRole('button', { name: 'Add member' }).click();
    await add.waitFor({ state: 'hidden' });
    const members = page.getByRole('table', { name: 'Members' });
    await members.getByRole('button', { name: member.name }).waitFor();
    await shot(page, 'members');
    expect(await findSeriousViolations(page)).toEqual([]);

    // The till: a cheese board sold to her by her e-mail earns 12 points (Bronze, ×1).
    await page.goto('/dashboard/inventory?tab=till');
    const first = await startSale(page, member.email, member.name);
    await first.getByText(/^0\s+points to spend$/).waitFor();
    await page.getByRole('button', { name: 'Record sale' }).click();
    await page.getByText(/Sale recorded: .*12\.00/).waitFor();
    await page.getByText('Last sale: 12.00 · Points: +12 earned').waitFor();
    const firstReceipt = await openReceipt(page);
    await firstReceipt.getByText(/^Points: \+12 earned · card \S+$/).waitFor();
    await shot(page, 'receipt with points earned');
    await page.keyboard.press('Escape');
    await firstReceipt.waitFor({ state: 'hidden' });

    // 12 points earned ever is past Silver's 10: the member dialog says Silver.
    await page.goto('/dashboard/rewards?tab=members');
    await members.getByRole('button', { name: member.name }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${member.name}`) });
    await dialog.getByText('Silver', { exact: true }).waitFor();
    await dialog
      .getByRole('table', { name: 'Points history' })
      .getByRole('cell', { name: 'Earned' })
      .waitFor();

    // 488 more points through "Correct the balance" make 500, the price of "5.00 off".
    const correction = dialog.getByRole('form', { name: 'Correct the balance' });
    await correction.getByLabel('Points').fill('488');
    await correction.getByLabel('Reason').fill('Welcome bonus');
    await correction.getByRole('button', { name: 'Correct the balance' }).click();
    await page.getByText('Balance corrected').waitFor();
    await dialog.getByRole('cell', { name: /^Correction\s*Welcome bonus$/ }).waitFor();
    await shot(page, 'member dialog at Silver');
    const memberId = (
      await call<{ content: { id: string; email: string | null }[] }>(
        owner.token,
        'GET',
        `${API.loyaltyMembers.root}?search=${encodeURIComponent(member.email)}`,
      )
    ).content[0]?.id;
    if (!memberId) throw new Error(`no member ${member.email} in the list`);
    const corrected = await call<TLoyaltyMemberDetail>(
      owner.token,
      'GET',
      API.loyaltyMembers.byId.replace(':id', memberId),
    );
    expect(corrected).toMatchObject({ points: 500, tier: 'Silver' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The till again: her panel says Silver and 500 points; "5.00 off" takes the total to 7.00.
    await page.goto('/dashboard/inventory?tab=till');
    const second = await startSale(page, member.email, member.name);
    await second.getByText('Silver', { exact: true }).waitFor();
    await second.getByText(/^500\s+points to spend$/).waitFor();
    const checkout = page.getByRole('form', { name: 'Checkout' });
    await checkout.getByText('12.00', { exact: true }).last().waitFor();
    await second.getByRole('combobox', { name: 'Redeem' }).click();
    await page.getByRole('option', { name: /^5\.00 off · 500 points$/ }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await checkout.getByText('Reward: 5.00 off').waitFor();
    await expect(checkout.getByText('−5.00', { exact: true }).count()).resolves.toBe(1);
    await checkout.getByText('7.00', { exact: true }).waitFor();
    await shot(page, 'till redeeming 5.00 off', { isReviewed: true });
    await page.getByRole('button', { name: 'Record sale' }).click();
    await page.getByText(/Sale recorded: .*7\.00/).waitFor();
    // 7.00 paid at Silver (×1.25) earns 8 points; the reward spent 500.
    await page.getByText('Last sale: 7.00 · Reward −5.00 · Points: +8 earned, −500 redeemed').waitFor();
    const secondReceipt = await openReceipt(page);
    await secondReceipt.getByText('Loyalty reward').waitFor();
    await secondReceipt.getByText(/^Points: \+8 earned, −500 redeemed · card \S+$/).waitFor();
    await shot(page, 'receipt with points redeemed');

    const after = await call<TLoyaltyMemberDetail>(
      owner.token,
      'GET',
      API.loyaltyMembers.byId.replace(':id', memberId),
    );
    // A correction is not earned: lifetime points are the two sales' 12 + 8.
    expect(after).toMatchObject({ points: 8, lifetimePoints: 20, tier: 'Silver' });
  });
});
