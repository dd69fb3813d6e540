import { describe, expect, it } from 'vitest';

import { createOwnerWithBusiness } from './support/api.js';
import { signIn, usePage } from './support/browser.js';
import { addLocation, choose } from './support/dialogs.js';
import { setPlan } from './support/database.js';
import { writePngFile } from './support/png.js';
import { screenshots } from './support/screens.js';

const browserPage = usePage();

describe('catalogue', () => {
  it('an owner sets up locations, a store, a warehouse and a product at both stores with a barcode and a discount', async () => {
    const page = browserPage.page();
    const shot = screenshots('catalogue');
    const owner = await createOwnerWithBusiness('Maple Street Grocers');
    // Discounts and a second store need the Basic plan (DESIGN 6).
    await setPlan(owner.businessId, 'BASIC');
    await signIn(page, owner.email, owner.password, '/dashboard');

    // Two locations, from the Stores & Locations screen of the Inventory area.
    await page.goto('/dashboard/stores?tab=locations');
    await addLocation(page, 'High Street', 'Bath');
    await addLocation(page, 'Riverside', 'Bristol');
    await addLocation(page, 'North Depot', 'Swindon');
    await shot(page, 'locations', { isMainScreen: true });

    // A store with an image at High Street.
    await page.getByRole('tab', { name: /Stores/ }).click();
    await page.getByRole('button', { name: 'Add store' }).first().click();
    const storeDialog = page.getByRole('dialog', { name: 'Add store' });
    await storeDialog.getByLabel(/^Name/).fill('Maple High Street');
    await choose(page, storeDialog, 'Location', 'High Street');
    await storeDialog.locator('input[type="file"]').setInputFiles(writePngFile('store.png'));
    await storeDialog.getByRole('button', { name: 'Add store' }).click();
    await storeDialog.waitFor({ state: 'hidden' });
    const stores = page.getByRole('list', { name: 'Stores' });
    await stores.getByText('Maple High Street').waitFor();
    await expect.poll(() => stores.getByRole('img').count()).toBeGreaterThan(0);
    await shot(page, 'stores', { isMainScreen: true });

    // A warehouse at North Depot.
    await page.goto('/dashboard/warehouse');
    await page.getByRole('button', { name: 'Add warehouse' }).first().click();
    const warehouseDialog = page.getByRole('dialog', { name: 'Add warehouse' });
    await warehouseDialog.getByLabel(/^Name/).fill('North Depot Warehouse');
    await choose(page, warehouseDialog, 'Location', 'North Depot');
    await warehouseDialog.getByRole('button', { name: 'Add warehouse' }).click();
    await warehouseDialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('cell', { name: /North Depot Warehouse/ })
      .first()
      .waitFor();

    // A supplier.
    await page.goto('/dashboard/suppliers');
    await page.getByRole('button', { name: 'Add supplier' }).first().click();
    const supplierDialog = page.getByRole('dialog', { name: 'Add supplier' });
    await supplierDialog.getByLabel(/^Name/).fill('Valley Dairy');
    await supplierDialog.getByRole('button', { name: 'Add supplier' }).click();
    await supplierDialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('cell', { name: /Valley Dairy/ })
      .first()
      .waitFor();

    // A category at High Street, on the product screen.
    await page.goto('/dashboard/product?tab=categories');
    await choose(page, page.locator('main'), 'Location', 'High Street');
    await page.getByRole('button', { name: 'Add category' }).first().click();
    const categoryDialog = page.getByRole('dialog', { name: 'Add category' });
    await categoryDialog.getByLabel(/^Category name/).fill('Dairy');
    await categoryDialog.getByRole('button', { name: 'Add category' }).click();
    await categoryDialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: /Dairy/ }).first().waitFor();

    // A product with an image at High Street and Riverside in one go.
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByRole('button', { name: 'Add product' }).first().click();
    const productDialog = page.getByRole('dialog', { name: 'Add product' });
    await productDialog.getByLabel(/^Name/).fill('Oat Milk 1 l');
    await productDialog.getByLabel(/^SKU/).fill('OAT-1L');
    await productDialog.getByLabel(/^Price/).fill('2.40');
    await choose(page, productDialog, 'Category', 'Dairy');
    await choose(page, productDialog, 'Supplier', 'Valley Dairy');
    await productDialog.getByRole('combobox', { name: 'Also at these locations' }).click();
    await page.getByRole('option', { name: 'Riverside' }).click();
    await page.keyboard.press('Escape');
    await productDialog.locator('input[type="file"]').setInputFiles(writePngFile('oat-milk.png'));
    await productDialog.getByRole('button', { name: 'Add product' }).click();
    await productDialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('cell', { name: /Oat Milk 1 l/ })
      .first()
      .waitFor();

    // Its barcode.
    await page.getByRole('button', { name: 'More actions for Oat Milk 1 l' }).click();
    await page.getByRole('menuitem', { name: 'Generate barcode' }).click();
    await page
      .getByText(/^2\d{12}$/)
      .first()
      .waitFor();

    // A 25 % discount, and the effective price in the list.
    await page.getByRole('tab', { name: 'Discounts' }).click();
    await page.getByRole('button', { name: 'Set discount for Oat Milk 1 l' }).click();
    const discountDialog = page.getByRole('dialog', { name: 'Set discount' });
    await discountDialog
      .getByRole('textbox', { name: 'Percentage' })
      .or(discountDialog.getByRole('spinbutton', { name: 'Percentage' }))
      .fill('25');
    await discountDialog.getByRole('button', { name: /Save|Set discount/ }).click();
    await discountDialog.waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: 'Products' }).click();
    const row = page.getByRole('row', { name: /Oat Milk 1 l/ });
    await row.getByText('1.80').waitFor();
    await expect.poll(() => row.getByRole('img').count()).toBeGreaterThan(0);
    await shot(page, 'products with discount', { isMainScreen: true });

    // The same article is at Riverside too.
    await choose(page, page.locator('main'), 'Location', 'Riverside');
    await page
      .getByRole('cell', { name: /Oat Milk 1 l/ })
      .first()
      .waitFor();
  });
});
