import type { ScreenshotName, Shot } from '../site-page';

/**
 * The screens of the demo business "Demo Market" the pages show (`npm run screenshots:site`),
 * each with one alt text that says what the screen shows, so an image reads the same on every
 * page it appears on.
 */
export const SHOTS: Record<ScreenshotName, Shot> = {
  dashboard: {
    name: 'dashboard',
    alt: 'The dashboard home of the demo shop Demo Market, with cards for today’s sales, this week against last week, stock running low and transfers under way',
  },
  products: {
    name: 'products',
    alt: 'The product list of Demo Market at one location: each product with its picture, SKU and barcode, price, price after discount and stock, with a search box above',
  },
  stock: {
    name: 'stock',
    alt: 'The Stock tab of Demo Market: each product’s SKU, name, quantity on hand, units in transit and reorder point at one store',
  },
  movements: {
    name: 'movements',
    alt: 'The Movements tab of Demo Market: transfers between the warehouse and the stores, pending, in transit, completed and cancelled',
  },
  till: {
    name: 'till',
    alt: 'The till of a Demo Market store: the store picker, the scan field, the basket with quantities and prices, and the total',
  },
  rewards: {
    name: 'rewards',
    alt: 'The Rewards screen of Demo Market, with the loyalty programme’s rules in plain words and the templates to choose from',
  },
  broadcast: {
    name: 'broadcast',
    alt: 'The Broadcast screen of Demo Market: the form for a message to chosen stores and roles with its live preview, above the broadcasts already sent',
  },
  analytics: {
    name: 'analytics',
    alt: 'Sales analytics of Demo Market: totals for the chosen dates, a daily sales trend chart and the best-selling products',
  },
  report: {
    name: 'report',
    alt: 'A report answer for Demo Market: a written summary of the question asked, with the chart and the table of figures it is drawn from',
  },
  forecast: {
    name: 'forecast',
    alt: 'A demand forecast for Demo Market: a chart of past sales and the forecast with its shaded 80% range, above a table of suggested orders',
  },
  access: {
    name: 'access',
    alt: 'The Access Management screen of Demo Market: staff members with their e-mail addresses and their roles shown as chips',
  },
  stores: {
    name: 'stores',
    alt: 'The Stores screen of Demo Market with one store’s QR code open, the address it opens written underneath and a Print button',
  },
  subscription: {
    name: 'subscription',
    alt: 'The plans page of Retail Back-Office: the four plans side by side with their prices, limits and features, and the plan of Demo Market marked',
  },
};

/**
 * Parts of those screens, for a feature on a page whose hero shows the whole screen already
 * (in pixels of the 1280 × 800 files: the screen's content starts right of the 240 px menu).
 */
export const DETAILS = {
  /** The QR code dialog with the address it opens and Print. */
  storeQrCode: { ...SHOTS.stores, detail: { x: 264, y: 110, width: 752, height: 560 } },
  /** The stock table: quantity, in transit, reorder point and status per product. */
  stockTable: { ...SHOTS.stock, detail: { x: 264, y: 350, width: 992, height: 450 } },
  /** The movements table: route, quantity and status of each transfer. */
  movementsTable: { ...SHOTS.movements, detail: { x: 264, y: 380, width: 992, height: 420 } },
  /** The running programme in plain words, its tiers, and the templates below. */
  loyaltyProgramme: { ...SHOTS.rewards, detail: { x: 264, y: 280, width: 992, height: 520 } },
  /** The staff list with each member's roles as chips. */
  staffRoles: { ...SHOTS.access, detail: { x: 264, y: 262, width: 992, height: 538 } },
  /** The four totals and the daily sales trend. */
  salesFigures: { ...SHOTS.analytics, detail: { x: 264, y: 278, width: 992, height: 522 } },
} satisfies Record<string, Shot>;
