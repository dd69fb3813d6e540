import type { SitePagePath } from '@app/contracts';

/**
 * The model of a public page (000 section 2, issue 15). Each page is data: the renderer
 * (`site-page-view.tsx`) lays every product page out the same way, so the thirteen pages read as
 * one site, and the build writes each as static HTML with its head tags (`prerender.tsx`).
 */

/** Screens of the real app, taken from the demo business by `npm run screenshots:site`. */
export const SCREENSHOT_NAMES = [
  'dashboard',
  'products',
  'stock',
  'movements',
  'till',
  'rewards',
  'broadcast',
  'analytics',
  'report',
  'forecast',
  'access',
  'stores',
  'subscription',
] as const;
export type ScreenshotName = (typeof SCREENSHOT_NAMES)[number];

/** A part of a screen, in pixels of its 1280-wide file: a feature zooms in on what it is about. */
export type ShotDetail = { x: number; y: number; width: number; height: number };

export type Shot = {
  name: ScreenshotName;
  alt: string;
  caption?: string;
  /**
   * Show only this part of the screen, larger. A page whose hero shows a screen shows a detail of
   * it in a feature, never the same picture twice.
   */
  detail?: ShotDetail;
};

export type TextItem = { title: string; text: string };

/** A row of the page: text on one side, a screenshot on the other (sides alternate). */
export type FeatureRow = {
  title: string;
  text: string;
  /** Up to four short facts under the text. */
  points?: string[];
  shot?: Shot;
};

export type CallToAction = { label: string; to: string };

/** The sections of a document page (terms, privacy, cookies). */
export type DocumentSection = {
  /** The in-page anchor, also listed in the table of contents. */
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
  /** A small table: first row is the header. */
  table?: string[][];
};

type PageHead = {
  /** The path it is served at, one of the contracts' SITE_PAGE_PATHS. */
  path: SitePagePath;
  /** The document title, without the site name (the renderer adds " · Retail Back-Office"). */
  title: string;
  /** Meta description: one sentence of 70 to 160 characters. */
  description: string;
};

/** A page that sells a part of the product. */
export type ProductPage = PageHead & {
  kind: 'product';
  eyebrow: string;
  heading: string;
  lead: string;
  /** The one call to action of the page (hero and closing band). */
  cta: CallToAction;
  hero: Shot;
  /** "Who it is for": two to four items. */
  audience: { heading: string; items: TextItem[] };
  /** "How it works": three or four numbered steps. */
  steps: { heading: string; items: TextItem[] };
  /** Two to four rows, each with a screenshot. */
  features: FeatureRow[];
  /** Three to five questions a shop owner asks. */
  faq: { question: string; answer: string }[];
  /** Cards that lead to other public pages (the home page, the two audience pages). */
  links?: { heading: string; items: (TextItem & { to: string })[] };
  /** Scan, Pay & Go: a store's QR code opens `?store=CODE`, and the page shows that store. */
  hasStoreLookup?: boolean;
  /** The closing band above the footer. */
  closing: { heading: string; text: string };
};

/** A legal or reference page: read as a document, with a table of contents. */
export type DocumentPage = PageHead & {
  kind: 'document';
  eyebrow: string;
  heading: string;
  lead: string;
  /** ISO date shown as "Last updated". */
  updated: string;
  sections: DocumentSection[];
};

export type SitePage = ProductPage | DocumentPage;
