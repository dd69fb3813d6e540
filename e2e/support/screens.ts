import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { VIEWPORT } from './browser.js';

const ARTIFACTS = fileURLToPath(new URL('../artifacts', import.meta.url));
const NARROW_WIDTH = 1024;

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Screenshots of one test, numbered in the order taken: e2e/artifacts/<test>/<nn>-<step>-<width>.png
 * (the page's width at the time).
 * Main screens are also taken at 1024 px, the narrowest layout the shell supports.
 */
export function screenshots(testName: string) {
  const dir = path.join(ARTIFACTS, slug(testName));
  let count = 0;
  return async (
    page: Page,
    step: string,
    options: { isMainScreen?: boolean; isReviewed?: boolean } = {},
  ): Promise<void> => {
    mkdirSync(dir, { recursive: true });
    count += 1;
    const base = path.join(dir, `${String(count).padStart(2, '0')}-${slug(step)}`);
    // Named by the page's own width: phone-sized tests set a narrower viewport than VIEWPORT.
    const width = page.viewportSize()?.width ?? VIEWPORT.width;
    await page.screenshot({ path: `${base}-${width}.png`, fullPage: true });
    if (options.isReviewed) await takeReviewShots(page, base);
    if (!options.isMainScreen) return;
    await page.setViewportSize({ width: NARROW_WIDTH, height: VIEWPORT.height });
    await page.screenshot({ path: `${base}-${NARROW_WIDTH}.png`, fullPage: true });
    await page.setViewportSize(VIEWPORT);
  };
}

/** The sizes and colour schemes a new screen is looked at in before it is called done. */
const REVIEW_VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

/** <base>-<w>x<h>-<light|dark>.png of the page as it is now; the page is put back afterwards. */
async function takeReviewShots(page: Page, base: string): Promise<void> {
  const viewport = page.viewportSize() ?? VIEWPORT;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const size of REVIEW_VIEWPORTS) {
      await page.setViewportSize(size);
      await page.screenshot({ path: `${base}-${size.width}x${size.height}-${colorScheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(viewport);
}
