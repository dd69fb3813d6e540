import { ADJUSTMENT_CAUSES } from '@app/contracts';
import type { ProductPage, SitePage } from '../site-page';
import { DETAILS, SHOTS } from './shots';
import { START_FREE, limitText, planPhrase } from './site-facts';

/** The causes a person picks when adjusting stock by hand, as the adjust dialog offers them. */
const ADJUSTMENT_CAUSE_NAMES = ADJUSTMENT_CAUSES.filter((cause) => cause !== 'OTHER')
  .map((cause) => cause.toLowerCase())
  .join(', ');

export const smartInventoryPage: SitePage = {
  kind: 'product',
  path: '/smart-inventory',
  title: 'Smart inventory: stock at every store and warehouse',
  description:
    'Stock per store and warehouse, changed only by sales, counts, adjustments and transfers, each one recorded, with alerts before a shelf runs empty.',
  eyebrow: 'Smart inventory',
  heading: 'Know what is on every shelf and in every stockroom',
  lead: 'Stock is kept per location and changes only through sales, counts, adjustments and transfers. Each change is written to the item’s history with its reason, so the number on the screen always has an explanation.',
  cta: START_FREE,
  hero: SHOTS.stock,
  audience: {
    heading: 'Who it is for',
    items: [
      {
        title: 'Owners',
        text: 'See the stock of every store and warehouse, what is on its way between them, and what is running low across the business.',
      },
      {
        title: 'Inventory staff',
        text: 'Inventory admins, contributors and readers count, adjust and receive stock, or only read it, as their role allows.',
      },
      {
        title: 'Store assistants',
        text: 'Sell at the till and adjust the store’s stock; every sale takes its units off the shelf count at once.',
      },
    ],
  },
  steps: {
    heading: 'How it works',
    items: [
      {
        title: 'Add your locations',
        text: 'Stores and warehouses, each at a location with its address. Every quantity belongs to one location.',
      },
      {
        title: 'Build the catalogue',
        text: 'Products with SKU, barcode, price, cost price, category, supplier, reorder point and a picture. Barcodes can be generated and printed as labels.',
      },
      {
        title: 'Bring in the stock',
        text: `Type opening quantities or, ${planPhrase('BULK_UPLOAD')}, upload an Excel or CSV sheet of up to 50,000 rows; ready templates are provided.`,
      },
      {
        title: 'Keep it right',
        text: 'Sales take stock down, counts set it to what is on the shelf, adjustments record a cause such as received, damaged or lost, and transfers move it between locations.',
      },
    ],
  },
  features: [
    {
      title: 'A history behind every number',
      text: 'Open an item’s history to see each change: the sale, count, adjustment, transfer or upload that made it, the quantity after it and when it happened. Quantities never go below zero: a sale or adjustment that would take more than is there is refused, and two people changing one item at once are served one after the other.',
      points: [
        `Adjustment causes: ${ADJUSTMENT_CAUSE_NAMES}`,
        'Retire an item without losing its history',
        'Units in transit shown beside the stock',
      ],
      shot: DETAILS.stockTable,
    },
    {
      title: 'A catalogue for each location',
      text: `Products are placed at the locations that sell or store them, with categories per location. Search by SKU or name, filter active or discontinued products, and set a discount per product and location, as a percentage or an amount, with start and end dates (${planPhrase('DISCOUNTS')}).`,
      points: [
        'Barcodes generated and printed as labels',
        'Pictures checked and resized on upload',
        'Discontinue a product and bring it back later',
      ],
      shot: SHOTS.products,
    },
    {
      title: 'Told before a shelf runs empty',
      text: 'When an item falls under its reorder point, an alert goes to the staff of that location and to business-wide roles, in the bell at the top of every screen. It resolves itself when stock is back above the line, and the dashboard gathers low stock from every location.',
      shot: SHOTS.dashboard,
    },
  ],
  faq: [
    {
      question: 'Can stock go negative?',
      answer:
        'No. A sale, adjustment or transfer that would take more units than a location holds is refused, the screen says which product is short, and nothing of it is recorded.',
    },
    {
      question: 'Can I import the stock I already have?',
      answer: `Yes: ${planPhrase('BULK_UPLOAD')}, upload an Excel or CSV sheet (up to 10 MB and 50,000 rows) to add to or set the quantities. Sheets saved by Excel or LibreOffice are read as they are. On Free, type the quantities in.`,
    },
    {
      question: 'How many products can I have?',
      answer: `On Free ${limitText('FREE', 'products')}, on Basic ${limitText('BASIC', 'products')}, on Advanced ${limitText('ADVANCED', 'products')} and on Supreme ${limitText('SUPREME', 'products')}. A product sold at several locations counts once, by its SKU.`,
    },
    {
      question: 'What if two people change the same item at the same moment?',
      answer:
        'Both changes are kept. The second waits for the first, then applies to the quantity the first left, so no update is lost and the history shows both.',
    },
  ],
  closing: {
    heading: 'Count on your stock',
    text: 'Register, add a store and your first products, and the stock table is ready for your opening count.',
  },
} satisfies ProductPage;
