import { describe, expect, it } from 'vitest';
import { API, type TCreatedMovements } from '@app/contracts';
import { call, createActivatedStaff, createOwnerWithBusiness } from './support/api.js';
import { arrangeWarehouseAndStore, openValidation } from './support/stock.js';
import { findSeriousViolations } from './support/axe.js';
import { newContext, pathOf, signIn, usePage } from './support/browser.js';
import { screenshots } from './support/screens.js';

// bypassCSP only lets axe-core be injected for the accessibility checks.
const browserPage = usePage({ bypassCSP: true });

const NOTE = 'Three bags torn in the van';

/** WCAG's contrast ratio of two computed `rgb(...)` colours. */
function contrast(first: string, second: string): number {
  const luminance = (rgb: string) => {
    const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((channel) => {
      const value = channel / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('short transfer', () => {
  it('arrives short at the store, and the depot’s inventory admin follows the alert to what came and why', async () => {
    const page = browserPage.page();
    const shot = screenshots('short-transfer');
    const owner = await createOwnerWithBusiness('Bramble Short');
    const { depot, highStreet } = await arrangeWarehouseAndStore(owner.token);
    const admin = await createActivatedStaff(owner.token, ['ROLE_INVENTORY_ADMIN']);
    const created = await call<TCreatedMovements>(owner.token, 'POST', API.stockMovements.create, {
      sku: 'COF-500',
      sourceLocationId: depot.id,
      destinationLocationId: highStreet.id,
      quantity: 12,
      note: 'Weekend restock',
    });
    const movementId = created.movements[0]!.id;

    // The depot sends it: the stock leaves the source.
    await signIn(page, owner.email, owner.password, '/dashboard');
    await page.goto('/dashboard/inventory?tab=movements');
    const row = page.getByRole('row', { name: /COF-500/ });
    await row.getByText('Pending').waitFor();
    const atSource = await openValidation(page, 'source', created.sourceValidationCode);
    await atSource.getByRole('button', { name: 'Validate' }).click();
    await atSource.waitFor({ state: 'hidden' });
    await row.getByText('In transit').waitFor();

    // The store counts 9 of the 12: short, with a note for the depot. In dark mode, where the
    // success toast's text must still read at AA.
    await page.emulateMedia({ colorScheme: 'dark' });
    const atDestination = await openValidation(page, 'destination', created.destinationValidationCode);
    await atDestination.getByRole('checkbox', { name: 'Not everything arrived as sent' }).check();
    const received = atDestination.getByRole('textbox', { name: 'Units received' });
    await received.fill('9');
    const reason = atDestination.getByRole('combobox', { name: 'Reason' });
    await expect.poll(() => reason.innerText()).toBe('Short');
    await reason.click();
    await page.getByRole('option', { name: /^Short/ }).waitFor();
    await shot(page, 'the reason of a short arrival', { isReviewed: true });
    await page.getByRole('option', { name: /^Short/ }).click();
    await atDestination.getByRole('textbox', { name: /Note for the source/ }).fill(NOTE);
    await atDestination.getByRole('button', { name: 'Validate' }).click();
    const toast = page.locator('.Toastify__toast--success', { hasText: 'The stock arrived at High Street.' });
    await toast.waitFor();
    const colours = await toast.evaluate((element) => {
      const style = getComputedStyle(element);
      return { text: style.color, background: style.backgroundColor };
    });
    expect(contrast(colours.text, colours.background)).toBeGreaterThanOrEqual(4.5);
    await shot(page, 'the success toast in dark mode');
    await page.emulateMedia({ colorScheme: 'light' });
    await row.getByText('9 of 12 arrived').waitFor();

    // The depot's inventory admin: the alert in his bell opens the movement itself, on a page he
    // may open, with what came and the store's note.
    const adminContext = await newContext(browserPage.context().browser()!, { bypassCSP: true });
    try {
      const adminPage = await adminContext.newPage();
      adminPage.setDefaultTimeout(15_000);
      await signIn(adminPage, admin.email, admin.password, '/dashboard');
      await adminPage.getByRole('button', { name: /^Alerts, [1-9]\d* unread$/ }).click();
      const latest = adminPage.getByRole('list', { name: 'Latest alerts' });
      const title = 'Transfer short: Ground coffee 500 g';
      await latest.getByText(title).waitFor();
      await shot(adminPage, 'the short transfer in the depot’s bell');
      await adminPage.getByRole('link', { name: `Open “${title}”` }).click();
      await adminPage.waitForURL((url) => url.searchParams.get('movement') === movementId);
      expect(pathOf(adminPage)).toMatch(/^\/dashboard\/inventory\?/);
      const focus = adminPage.getByRole('region', { name: 'The movement of your alert' });
      await focus.getByText('12 × COF-500 from North Depot to High Street').waitFor();
      await focus.getByText(`9 of 12 arrived. Arrived short: ${NOTE}`).waitFor();
      const table = adminPage.getByRole('table', { name: 'Stock movements' });
      const chip = table.getByText('9 of 12 arrived');
      await chip.hover();
      await adminPage
        .getByRole('tooltip')
        .filter({ hasText: `Arrived short: ${NOTE}` })
        .waitFor();
      await adminPage.mouse.move(0, 0);
      expect(await adminPage.getByText('You don’t have permission to view this page.').count()).toBe(0);
      await shot(adminPage, 'the movement of the alert', { isMainScreen: true, isReviewed: true });
      expect(await findSeriousViolations(adminPage)).toEqual([]);

      // Back to every movement, the keyboard at the search.
      await focus.getByRole('button', { name: 'Show all movements' }).click();
      await focus.waitFor({ state: 'hidden' });
      expect(await adminPage.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null)).toBe(
        'Search by SKU',
      );
      expect(new URL(adminPage.url()).searchParams.get('movement')).toBeNull();
    } finally {
      await adminContext.close();
    }
  });
});
