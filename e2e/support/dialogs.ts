import type { Locator, Page } from 'playwright-core';

/**
 * Steps of the shell's forms that several journeys walk. Options may carry more than the name (a
 * location's address), so a select's option is matched by the start of its label.
 */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page
    .getByRole('option', { name: new RegExp(`^${option}`) })
    .first()
    .click();
}

/** Adds a location through the Stores & Locations screen's dialog and waits for its row. */
export async function addLocation(page: Page, name: string, city: string): Promise<void> {
  await page.getByRole('button', { name: 'Add location' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add location' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('City').fill(city);
  await dialog.getByRole('button', { name: 'Add location' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page
    .getByRole('cell', { name: new RegExp(name) })
    .first()
    .waitFor();
}
