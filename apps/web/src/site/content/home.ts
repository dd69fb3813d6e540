import { ROLES } from '@app/contracts';
import type { ProductPage, SitePage } from '../site-page';
import { SHOTS } from './shots';
import { START_FREE, limitsText, planPhrase } from './site-facts';

export const homePage: SitePage = {
  kind: 'product',
  path: '/',
  title: 'The back office for your shops',
  description:
    'Catalogue, stock at every store and warehouse, transfers, the till, loyalty and sales figures for your shops, in one web app. Start on the Free plan.',
  eyebrow: 'Retail Back-Office',
  heading: 'Everything behind the counter, in one place',
  lead: 'Your catalogue, the stock at every store and warehouse, transfers between them, the till, loyalty and your sales figures live in one web app that you and your staff share, each person with the screens their role opens.',
  cta: START_FREE,
  hero: SHOTS.dashboard,
  audience: {
    heading: 'Who it is for',
    items: [
      {
        title: 'A single shop',
        text: `Run one store and its stockroom on the Free plan: ${limitsText('FREE')}, at no cost and with no payment details asked.`,
      },
      {
        title: 'Shops with several stores',
        text: 'Keep stock per store and per warehouse, move it between them with codes checked at both ends, and compare your stores side by side.',
      },
      {
        title: 'The people who work there',
        text: `Each member of staff signs in with their own account. The ${ROLES.length} roles decide who sells at the till, who counts stock, who runs loyalty and who reads the figures.`,
      },
    ],
  },
  steps: {
    heading: 'How it works',
    items: [
      {
        title: 'Register and set up your business',
        text: 'Create your owner account, confirm your e-mail address and fill in the business profile: name, address and logo.',
      },
      {
        title: 'Add stores and products',
        text: `Add your stores and warehouses, then your products with prices, barcodes and categories. Opening stock is typed in or, ${planPhrase('BULK_UPLOAD')}, uploaded from an Excel or CSV sheet.`,
      },
      {
        title: 'Invite your team',
        text: 'Staff get an invitation by e-mail, choose their password and find the screens their roles open, nothing more.',
      },
      {
        title: 'Sell and see',
        text: 'A sale at the till takes the stock down at once, and the dashboard and the analytics include it straight away.',
      },
    ],
  },
  features: [
    {
      title: 'Stock that adds up',
      text: 'Every change to a quantity, whether a sale, a count, an adjustment or a transfer, is written to the item’s history with its reason and time. Stock never drops below zero, and two people changing one item at once are served in turn.',
      points: [
        'Stock per store and per warehouse',
        'Alerts when an item falls under its reorder point',
        'Transfers confirmed by a code at each end',
      ],
      shot: SHOTS.stock,
    },
    {
      title: 'A till in the browser',
      text: 'Scan or type a barcode or SKU and the till prices it with the discount valid today. Record cash, card or other payments, refund a whole sale or chosen lines, and let loyalty members earn and spend points.',
      points: ['No software to install', 'Each sale updates the store’s stock', 'Refunds put the units back'],
      shot: SHOTS.till,
    },
    {
      title: 'Figures you can act on',
      text: `Sales, transactions, units and the average basket, best and least sellers, daily trends and this week against last week, ${planPhrase('ANALYTICS_BASIC')}. Higher plans add filters, questions in plain words and forecasts.`,
      shot: SHOTS.analytics,
    },
    {
      title: 'Loyalty that brings them back',
      text: `Start a programme from one of four templates (points, tiers, a stamp card or cashback) ${planPhrase('LOYALTY')}. Members are recognised at the till by card code, e-mail or phone.`,
      shot: SHOTS.rewards,
    },
  ],
  faq: [
    {
      question: 'What does the Free plan include?',
      answer: `Up to ${limitsText('FREE')}, with the till, stock, transfers and basic analytics. A new business starts on Free; you choose a paid plan only when you need more.`,
    },
    {
      question: 'What happens to my data if I stop paying?',
      answer:
        'A cancelled subscription keeps its plan until the end of the period you paid for. Then the business returns to Free: nothing is deleted, but new stores, products or staff beyond the Free limits are refused until you remove some or choose a plan again.',
    },
    {
      question: 'Can my staff see everything?',
      answer:
        'No. Each person holds one or more roles; the screens follow them, and the server checks them on every action. A store assistant, for example, works the till and the store’s stock but cannot change products or prices, run loyalty or open the analytics.',
    },
    {
      question: 'Can another business see my data?',
      answer:
        'No. Your business is taken from your sign-in, never from what a page sends, and the database itself hides the rows of every other business.',
    },
    {
      question: 'Do I need special hardware?',
      answer:
        'No. Everything runs in a web browser. At the till, type the barcode or SKU, or use a barcode scanner that types into the field.',
    },
  ],
  links: {
    heading: 'See each part',
    items: [
      {
        title: 'Smart inventory',
        text: 'Stock per location, low-stock alerts and a history behind every number.',
        to: '/smart-inventory',
      },
      {
        title: 'Supply chain',
        text: 'Transfers between warehouses and stores, confirmed at both ends.',
        to: '/supply-chain',
      },
      {
        title: 'Scan, Pay & Go',
        text: 'A QR code for every store and a quick till for the checkout.',
        to: '/scan-pay-go',
      },
      {
        title: 'Loyalty',
        text: 'Points, tiers, stamp cards or cashback, earned at the till.',
        to: '/loyalty',
      },
      { title: 'Customer records', text: 'Your loyalty members and everything they earned.', to: '/crm' },
      {
        title: 'Analytics',
        text: 'Sales figures, questions in plain words and forecasts.',
        to: '/analytics',
      },
      {
        title: 'For businesses',
        text: 'Every feature for owners and staff, and which plan includes it.',
        to: '/business-features',
      },
      {
        title: 'For shoppers',
        text: 'What your customers see: the store’s page, points and rewards.',
        to: '/shopper-features',
      },
    ],
  },
  closing: {
    heading: 'Start on the Free plan today',
    text: 'Register, set up your business and add your first store. Move to a paid plan when you need more stores, more products or more of the features.',
  },
} satisfies ProductPage;
