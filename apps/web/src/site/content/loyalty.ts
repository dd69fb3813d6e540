import type { ProductPage, SitePage } from '../site-page';
import { DETAILS, SHOTS } from './shots';
import { START_FREE, planPhrase } from './site-facts';

/** The four built-in templates are quoted as migration 0018 seeds them (names and numbers). */
export const loyaltyPage: SitePage = {
  kind: 'product',
  path: '/loyalty',
  title: 'Loyalty programmes from four ready templates',
  description:
    'Run a points, tiered, stamp card or cashback programme from a ready template, adjust its rules, and let members earn and spend at the till.',
  eyebrow: 'Loyalty',
  heading: 'A loyalty programme your shoppers understand',
  lead: 'Choose one of four templates, adjust the rules to your shop, and points are earned and spent at the till. The screen writes the running programme out in plain words, so staff can explain it in one sentence.',
  cta: START_FREE,
  hero: SHOTS.rewards,
  audience: {
    heading: 'Who it is for',
    items: [
      {
        title: 'Shops with regulars',
        text: 'A café’s stamp card, a grocer’s points, a boutique’s tiers: reward the people who come back, without paper cards.',
      },
      {
        title: 'Loyalty staff',
        text: 'Loyalty admins, contributors and readers manage the programme and its members; owners and business admins can do everything.',
      },
      {
        title: 'Store assistants',
        text: 'At the till they see what a checkout needs: the member’s tier, spendable points and the rewards they can afford.',
      },
    ],
  },
  steps: {
    heading: 'How it works',
    items: [
      {
        title: 'Pick a template',
        text: 'Points on every purchase, Bronze, Silver and Gold, Stamp card, or Cashback. Or design your own template.',
      },
      {
        title: 'Adjust the rules',
        text: 'Change the points per unit spent, the tiers, the rewards and their cost, or when points expire. Only what you change is stored; the rest follows the template.',
      },
      {
        title: 'Add members',
        text: 'Add shoppers on the Members tab with a name, e-mail address or phone number. A card code is made for each one unless you give your own.',
      },
      {
        title: 'Earn and spend at the till',
        text: 'The assistant enters the member’s card code, e-mail or phone. The sale earns points on what was paid, and a reward comes off the total before the sale is recorded.',
      },
    ],
  },
  features: [
    {
      title: 'Four templates to start from',
      text: 'Points on every purchase gives a point for each whole unit spent, with 5.00 off for 500 points and 15.00 off for 1,200. Bronze, Silver and Gold adds tiers: Silver from 1,000 points earns a quarter more, Gold from 5,000 half as much again. The Stamp card gives a stamp for every visit of 5.00 or more and a free coffee for ten. Cashback returns two percent of every purchase as credit.',
      points: [
        'Points expire after a set number of months, or never',
        'The points that expire first are spent first',
        'Your own templates sit beside the built-in ones',
      ],
      shot: DETAILS.loyaltyProgramme,
    },
    {
      title: 'Rewards at the checkout',
      text: 'Once the member is found, the till shows the rewards they can afford; for cashback, the points to spend, never more than the basket. The reward line and the total after it show before the sale is recorded, and the receipt lists the discount, the points earned and the points redeemed.',
      points: [
        'Members found by card code, e-mail or phone',
        'A refund takes back the points its lines earned',
        'Every point earned, spent or expired is in the member’s history',
      ],
      shot: SHOTS.till,
    },
  ],
  faq: [
    {
      question: 'Which plan includes loyalty?',
      answer: `Loyalty programmes are ${planPhrase('LOYALTY')}. A business that moves to a plan without loyalty can still stop its programme, but its sales earn no points until it is on a plan with loyalty again.`,
    },
    {
      question: 'Can I change the rules later?',
      answer:
        'Yes. Adjust the running programme at any time, or switch to another template. Points already earned stay with the members.',
    },
    {
      question: 'What happens to points when something is returned?',
      answer:
        'A refund takes back the points the returned lines earned. If the member has already spent them, the money returned is reduced by what those points took off a sale. Points spent on a reward are not given back.',
    },
    {
      question: 'When do points expire?',
      answer:
        'After the number of months your programme sets (twelve in three of the templates, six for the stamp card), or never if you choose so. Expired points are written off automatically and shown in the member’s history.',
    },
  ],
  closing: {
    heading: 'Reward your regulars',
    text: 'Start on the Free plan, then choose a plan with loyalty when you are ready to launch your programme.',
  },
} satisfies ProductPage;
