import { PLANS, PLAN_IDS, ROLES } from '@app/contracts';
import type { ProductPage, SitePage } from '../site-page';
import { DETAILS, SHOTS } from './shots';
import { START_FREE, priceText } from './site-facts';

const PLAN_LIST = PLAN_IDS.map((id) => `${PLANS[id].name} (${priceText(id)})`).join(', ');

/** What the product is and the rules it is built on; no company history, customers or awards. */
export const aboutPage: SitePage = {
  kind: 'product',
  path: '/about',
  title: 'About Retail Back-Office',
  description:
    'What Retail Back-Office is, who it is for and the rules it is built on: history that is kept, businesses kept apart and figures you can check.',
  eyebrow: 'About',
  heading: 'A calm back office for shops',
  lead: 'Retail Back-Office is one web application for the work behind the counter: the catalogue, stock at every location, transfers, the till, loyalty, staff access and sales figures. It is built for shop owners and the people who work for them.',
  cta: START_FREE,
  hero: SHOTS.access,
  audience: {
    heading: 'Who we build for',
    items: [
      {
        title: 'Independent retailers',
        text: 'One shop and a stockroom, with the same tools a larger business has, starting on the Free plan.',
      },
      {
        title: 'Businesses with several locations',
        text: 'Stores and warehouses that share one catalogue, one team and one set of figures.',
      },
      {
        title: 'Their teams',
        text: 'Assistants, stock keepers, loyalty and analytics staff, each with the screens their role needs.',
      },
    ],
  },
  steps: {
    heading: 'The rules we build on',
    items: [
      {
        title: 'History is kept',
        text: 'Stock and loyalty points change only through a ledger that records every change, and the audit log cannot be edited or deleted by anyone using the app.',
      },
      {
        title: 'Each business is walled off',
        text: 'Your business is taken from your sign-in, and the database checks every row against it, so another business’s data stays out of reach even if a screen asked for it.',
      },
      {
        title: 'Figures can be checked',
        text: 'Reports state only numbers that their tables show, and the analytics read your recorded sales, day by day in your time zone.',
      },
      {
        title: 'Plans say what they include',
        text: 'Limits and features are checked on the server, where no screen can get round them, and a refusal says so plainly and leads to the plans.',
      },
    ],
  },
  features: [
    {
      title: 'Your team, your roles',
      text: `Invite staff by e-mail and give each person one or more of ${ROLES.length} roles in five groups: business, product, inventory, loyalty and analytics. Only an owner can act on another owner’s account, nobody changes their own roles, and the business always keeps an owner who can sign in.`,
      points: [
        'Disable an account at once; its sessions end',
        'Every staff change in the audit log',
        'Each person’s own profile and picture',
      ],
      shot: DETAILS.staffRoles,
    },
    {
      title: 'Plans that grow with you',
      text: `Four plans: ${PLAN_LIST}. The owner changes or cancels the plan from the Business Profile; a cancelled plan runs to the end of the period you paid for, and your data stays when it ends.`,
      shot: SHOTS.subscription,
    },
  ],
  faq: [
    {
      question: 'Where is my data kept?',
      answer:
        'In the PostgreSQL database of the server that runs the service, with uploaded pictures in its file storage, each business under its own folder. The Privacy policy lists what is kept and for how long.',
    },
    {
      question: 'Can I delete my business?',
      answer:
        'Yes. The owner deletes it from the Business Profile by typing its name. Every record and every file of the business is removed, and a paid subscription is cancelled with the payment provider.',
    },
    {
      question: 'Is there a trial?',
      answer:
        'There is the Free plan, with no time limit: use it as long as it is enough, and choose a paid plan when you need more.',
    },
  ],
  closing: {
    heading: 'Try it with your own shop',
    text: 'Register, set up your business and add a store. It takes a few minutes, and the Free plan costs nothing.',
  },
} satisfies ProductPage;
