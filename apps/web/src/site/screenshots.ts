import manifest from './screenshots.json';
import type { ScreenshotName } from './site-page';

type ScreenshotFile = { width: number; height: number; version: string };

/** What `npm run screenshots:site` wrote: each screen's size and a version for the cache. */
export const SCREENSHOTS: Record<ScreenshotName, ScreenshotFile> = manifest;
