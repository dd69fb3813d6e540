import type { ProductPage, SitePage } from '../site-page';
import { DETAILS, SHOTS } from './shots';
import { START_FREE, limitText, planPhrase } from './site-facts';

export const supplyChainPage: SitePage = {
  kind: 'product',
  path: '/supply-chain',
  title: 'Supply chain: transfers confirmed at both ends',
  description:
    'Move stock between warehouses and stores with a six-digit code for the sender and one for the receiver, singly or in batches, and see what is in transit.',
  eyebrow: 'Supply chain',
  heading: 'Move stock between locations, confirmed at both ends',
  lead: 'A transfer carries two six-digit codes: one for the location that sends, one for the location that receives. The units leave when the sender enters their code and arrive when the receiver enters theirs, so every unit is in one place only: at the source, in transit or at the destination.',
  cta: START_FREE,
  hero: SHOTS.movements,
  audience: {
    heading: 'Who it is for',
    items: [
      {
        title: 'Warehouse teams',
        text: 'Create transfers to the stores, print the transfer document and confirm each dispatch with the sender’s code.',
      },
      {
        title: 'Store teams',
        text: 'Confirm a delivery with the receiver’s code when it arrives; the units join the store’s stock at that moment.',
      },
      {
        title: 'Owners',
        text: 'See every transfer waiting to leave or on its way, and hear about one that has been under way too long.',
      },
    ],
  },
  steps: {
    heading: 'How it works',
    items: [
      {
        title: 'Create the transfer',
        text: `Choose the source, the destination, the products and the quantities. Uploading a sheet of transfers is ${planPhrase('BULK_UPLOAD')}: the whole sheet becomes one batch.`,
      },
      {
        title: 'Hand over the codes',
        text: 'The two codes are shown once, to the person who created the transfer, and can be printed on its PDF transfer document. Give each code to the people at its end.',
      },
      {
        title: 'Send',
        text: 'The source enters its code: the units leave its stock and the transfer is in transit.',
      },
      {
        title: 'Receive',
        text: 'The destination enters its code: the units arrive and the transfer is completed. A product the destination did not stock yet is added to its catalogue.',
      },
    ],
  },
  features: [
    {
      title: 'Two codes, checked with care',
      text: 'The codes are stored only as salted hashes, never as plain text, so they cannot be shown again. Each wrong code counts, and the fifth wrong try locks the transfer until an inventory admin cancels it. A batch shares one pair of codes and is confirmed or cancelled as a whole.',
      points: [
        'Cancel before arrival: units in transit return to the source',
        'Every creation, confirmation and cancellation in the audit log',
        'A weekly chart of what moved',
      ],
      shot: DETAILS.movementsTable,
    },
    {
      title: 'Suppliers beside the stock',
      text: 'Keep each supplier’s contact, e-mail, phone, address and notes, and name the supplier on the products you buy from them. Record the baskets, carts and bags of each store with their capacity and empty weight.',
      shot: SHOTS.products,
    },
    {
      title: 'Order what will sell',
      text: `Forecasts (${planPhrase('FORECAST')}) project the demand of your best sellers from the last 26 weeks of daily sales, with a range that widens the further ahead they look, and suggest what to order: forecast demand plus the reorder point, less what is on hand.`,
      shot: SHOTS.forecast,
    },
  ],
  faq: [
    {
      question: 'What if a code is lost?',
      answer:
        'It cannot be shown again, since only a hash of it is stored. Cancel the transfer and create a new one; a transfer already in transit returns its units to the source when it is cancelled.',
    },
    {
      question: 'Who can confirm a transfer?',
      answer:
        'Owners, business admins, inventory admins and contributors, and store assistants, with the code of their end. Inventory readers can only look.',
    },
    {
      question: 'What happens to a transfer nobody confirms?',
      answer:
        'After 48 hours under way it raises an alert for the people concerned, which resolves itself when the transfer is confirmed or cancelled.',
    },
    {
      question: 'Do transfers need a paid plan?',
      answer: `No. Transfers come with every plan, Free included (${limitText('FREE', 'stores')} and ${limitText('FREE', 'warehouses')} on Free). Uploading a sheet of transfers is ${planPhrase('BULK_UPLOAD')}.`,
    },
  ],
  closing: {
    heading: 'Know where every unit is',
    text: 'Register, add a warehouse and a store, and send your first transfer with its two codes today.',
  },
} satisfies ProductPage;
