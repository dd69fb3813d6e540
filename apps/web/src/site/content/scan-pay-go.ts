import type { ProductPage, SitePage } from '../site-page';
import { DETAILS, SHOTS } from './shots';
import { START_FREE, planPhrase } from './site-facts';

/**
 * Written for two readers: the shopper whose phone opened `/scan-pay-go?store=CODE` from the code
 * at the door (the renderer shows that store above this text), and the shop owner who wants the
 * code. Paying happens at the till: the page must not promise payment on the phone.
 */
export const scanPayGoPage: SitePage = {
  kind: 'product',
  path: '/scan-pay-go',
  title: 'Scan, Pay & Go: a QR code for every store',
  description:
    'Shoppers scan your store’s QR code to see its name, picture and opening hours; at the till, staff scan the basket and the receipt shows points and discounts.',
  eyebrow: 'Scan, Pay & Go',
  heading: 'Scan at the door, pay at the till, go',
  lead: 'Every store has its own QR code. A shopper points a phone camera at it and sees the store’s name, picture and opening hours. At the till, the assistant scans the basket, and the receipt shows any discount and the loyalty points earned.',
  cta: START_FREE,
  hero: SHOTS.stores,
  audience: {
    heading: 'Who it is for',
    items: [
      {
        title: 'Shoppers',
        text: 'Scan the code by the entrance to check which store you are in and when it opens. No app and no account are needed.',
      },
      {
        title: 'Shop owners',
        text: 'Print each store’s code from the dashboard and put it by the door. The page it opens always shows the store’s current details.',
      },
      {
        title: 'Store assistants',
        text: 'Check shoppers out at the till: scan, take the payment and show the receipt with the points earned.',
      },
    ],
  },
  steps: {
    heading: 'How it works',
    items: [
      {
        title: 'Print the store’s code',
        text: 'In the dashboard, open Stores, press “QR code” on the store’s card, then Print. The label carries the store’s name, the code and the address it opens.',
      },
      {
        title: 'Shoppers scan it',
        text: 'The phone opens this page for that store, with its name, picture and opening hours as you entered them on the Stores screen.',
      },
      {
        title: 'Pay at the till',
        text: 'The assistant scans or types each barcode or SKU. Prices include the discount valid today, and a loyalty member gives a card code, e-mail address or phone number.',
      },
      {
        title: 'Go',
        text: 'The sale is recorded with its payment method, the store’s stock goes down at once, and the receipt on the till’s screen shows the total, any discount and the points earned or spent.',
      },
    ],
  },
  features: [
    {
      title: 'A code for every store',
      text: 'Each store gets its own QR code when it is created. It opens a web page in the phone’s browser, so shoppers install nothing, and the page reads the store’s details when it opens, so a change of opening hours shows at once.',
      points: [
        'Printed with the store’s name and the web address it opens',
        'Opens with any phone camera',
        'Shows name, picture and opening hours',
      ],
      shot: DETAILS.storeQrCode,
    },
    {
      title: 'A quick till',
      text: 'The till finds a product by barcode, or by SKU in any case, at the store you picked, and prices it with the discount valid now. It records cash, card or other payments and keeps the recent sales of the store for refunds.',
      points: [
        'Refund a whole sale or chosen lines',
        'Units go back to stock on a refund',
        'Each assistant’s store is remembered on their device',
      ],
      shot: SHOTS.till,
    },
    {
      title: 'Points at the checkout',
      text: `With a loyalty programme (${planPhrase('LOYALTY')}), the till shows a member’s tier, the points they can spend and the rewards they can afford. A reward comes off the total before the sale is recorded.`,
      shot: SHOTS.rewards,
    },
  ],
  faq: [
    {
      question: 'Do shoppers need an app?',
      answer:
        'No. The QR code holds a web address; any phone camera opens it in the browser. Shoppers need no account either.',
    },
    {
      question: 'Can shoppers pay on their phone?',
      answer:
        'No. The code shows the store’s details; paying happens at the till, where the assistant records the payment as cash, card or other.',
    },
    {
      question: 'What does the page show about my store?',
      answer:
        'Its name, its picture and its opening hours, as entered on the Stores screen. It shows nothing about your stock, prices, staff or sales.',
    },
    {
      question: 'Which plan do I need?',
      answer: `The QR codes and the till come with every plan, Free included. Loyalty at the till and discounts are ${planPhrase('LOYALTY')}.`,
    },
  ],
  hasStoreLookup: true,
  closing: {
    heading: 'Give every store its code',
    text: 'Register, add your store and print its QR code in a few minutes. The till is ready as soon as your first product is.',
  },
} satisfies ProductPage;
