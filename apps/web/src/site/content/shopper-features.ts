import type { ProductPage, SitePage } from '../site-page';
import { SHOTS } from './shots';

/**
 * Addressed to shoppers: what they meet at a shop that uses the product. Shoppers have no account
 * of their own; the call to action speaks to a reader who runs a shop.
 */
export const shopperFeaturesPage: SitePage = {
  kind: 'product',
  path: '/shopper-features',
  title: 'For shoppers: store pages, points and rewards',
  description:
    'What you get at a shop that uses Retail Back-Office: the store’s details from its QR code, points or stamps at the till, and rewards off your total.',
  eyebrow: 'For shoppers',
  heading: 'Shopping somewhere that remembers you',
  lead: 'At a shop that uses Retail Back-Office, the code by the door tells you about the store, and if the shop runs a loyalty programme, every visit can earn you points or stamps that come off a later bill.',
  cta: { label: 'Run a shop? Start free', to: '/register' },
  hero: SHOTS.till,
  audience: {
    heading: 'Who it is for',
    items: [
      {
        title: 'Regular customers',
        text: 'Collect points, stamps or cashback on what you buy, and spend them on rewards at the till.',
      },
      {
        title: 'Anyone passing by',
        text: 'Scan the store’s code to see its name, picture and opening hours, with no app to install.',
      },
      {
        title: 'Shoppers who mind their data',
        text: 'A shop asks for no more than a name, an e-mail address and a phone number, each of them optional.',
      },
    ],
  },
  steps: {
    heading: 'How it works',
    items: [
      {
        title: 'Scan the code at the door',
        text: 'Point your phone camera at the store’s QR code to open its page: name, picture and opening hours.',
      },
      {
        title: 'Join the programme',
        text: 'Ask the shop to add you as a member. You get a card code, and your e-mail address or phone number works as well.',
      },
      {
        title: 'Say who you are at the till',
        text: 'Give your card code, e-mail or phone. The assistant sees your tier, the points you can spend and the rewards you can afford.',
      },
      {
        title: 'Spend your points',
        text: 'Choose a reward and it comes off the total before you pay. The receipt shows the points you earned and spent.',
      },
    ],
  },
  features: [
    {
      title: 'The store in your pocket',
      text: 'Each store has its own QR code. Scanning it opens the store’s page in your browser with its name, picture and opening hours, as the shop keeps them up to date.',
      shot: SHOTS.stores,
    },
    {
      title: 'Points, tiers, stamps or cashback',
      text: 'Depending on the shop: a point for each whole unit you spend, tiers that earn faster the more you have earned, a stamp for each visit above a minimum spend, or a share of every purchase back as credit.',
      points: [
        'The points that expire first are spent first',
        'Earned on what you actually paid',
        'Each shop sets its own rewards and expiry',
      ],
      shot: SHOTS.rewards,
    },
  ],
  faq: [
    {
      question: 'Do I need an app or an account?',
      answer:
        'No. The store’s code opens a web page, and at the till the shop finds you by your card code, e-mail address or phone number.',
    },
    {
      question: 'When do my points expire?',
      answer:
        'That depends on the shop’s programme: after a set number of months, or never. The points closest to expiring are always spent first.',
    },
    {
      question: 'What happens to my points if I return something?',
      answer:
        'The points the returned items earned are taken back. Points you spent on a reward for that purchase are not given back.',
    },
    {
      question: 'What does the shop know about me?',
      answer:
        'The name, e-mail address or phone number you gave, your card code and your points history with the purchases that earned them. Ask the shop to correct or clear your details at any time; the Privacy policy explains the rest.',
    },
  ],
  links: {
    heading: 'Read more',
    items: [
      {
        title: 'Scan, Pay & Go',
        text: 'What the code by the door opens, and how the checkout works.',
        to: '/scan-pay-go',
      },
      { title: 'Loyalty', text: 'The kinds of programme a shop can run.', to: '/loyalty' },
      { title: 'Privacy policy', text: 'What is kept about loyalty members, and by whom.', to: '/privacy' },
      { title: 'Cookies', text: 'What this site stores in your browser.', to: '/cookies' },
    ],
  },
  closing: {
    // The button under it reads "Run a shop? Start free": the heading does not ask it again.
    heading: 'Bring it to your own shop',
    text: 'Give your own customers a store page and a loyalty programme. Retail Back-Office starts on the Free plan.',
  },
} satisfies ProductPage;
