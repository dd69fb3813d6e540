import type { ProductPage, SitePage } from '../site-page';
import { DETAILS, SHOTS } from './shots';
import { START_FREE, planPhrase } from './site-facts';

/**
 * The product's customer records are its loyalty members. Broadcasts reach the business's own
 * staff, never shoppers, and the product sends no mail to members: the page says both plainly.
 */
export const crmPage: SitePage = {
  kind: 'product',
  path: '/crm',
  title: 'Customer records: your loyalty members in one list',
  description:
    'Keep your regular customers in one list: contact details, a card code and every point earned and spent, recognised at the till by card, e-mail or phone.',
  eyebrow: 'Customer records',
  heading: 'Know your regular customers',
  lead: 'Your loyalty members are your customer list: the contact details they give you, a card code, and every point they earned and spent. The till recognises them by card code, e-mail address or phone number.',
  cta: START_FREE,
  hero: SHOTS.rewards,
  audience: {
    heading: 'Who it is for',
    items: [
      {
        title: 'Owners who know their regulars',
        text: 'See who holds the most points, who joined most recently, and what each member earned and spent.',
      },
      {
        title: 'Loyalty staff',
        text: 'Add members, correct their details and, with a reason, their balance. Readers can look without changing anything.',
      },
      {
        title: 'Store assistants',
        text: 'Find a member at the till without opening the member list: they see only the tier, the points to spend and the rewards.',
      },
    ],
  },
  steps: {
    heading: 'How it works',
    items: [
      {
        title: 'Start a programme',
        text: `Choose a loyalty template on the Rewards screen (${planPhrase('LOYALTY')}).`,
      },
      {
        title: 'Add members',
        text: 'On the Members tab, enter a name, an e-mail address or a phone number. Each member gets a card code beginning with LM-, or one you choose.',
      },
      {
        title: 'Recognise them at the till',
        text: 'The assistant types the card code, e-mail or phone; the sale records the member and the points move.',
      },
      {
        title: 'Look back',
        text: 'Open a member to see their details, their balance and their latest history: points earned with each sale, rewards redeemed, refunds, expiries and corrections.',
      },
    ],
  },
  features: [
    {
      title: 'One list of members',
      text: 'Search members by name, e-mail, phone or card code, and sort them by name, by the most points or by the newest. Tiers are worked out from the running programme, so changing the rules never leaves a member in the wrong tier.',
      points: [
        'Balance corrections need a reason, kept in the history',
        'Contact details can be cleared at any time',
        'Points history linked to the sales that made it',
      ],
      shot: DETAILS.loyaltyProgramme,
    },
    {
      title: 'Recognised at the till',
      text: 'Card code, e-mail in any case, or phone: the till finds the member and shows their tier, the points they can spend and the rewards they can afford. The receipt shows the points earned and redeemed.',
      shot: SHOTS.till,
    },
    {
      title: 'Keep your team in the loop',
      text: `Broadcasts (${planPhrase('BROADCAST_ALERTS')}) send a message to your staff: the whole business, chosen roles, or the team of one store. They see it at once in the bell and in their Communications inbox. Broadcasts go to your team, not to shoppers.`,
      shot: SHOTS.broadcast,
    },
  ],
  faq: [
    {
      question: 'What is kept about a member?',
      answer:
        'A name, an e-mail address and a phone number, each optional, the card code, and the points history with the sales it came from. Nothing else is asked of the shopper.',
    },
    {
      question: 'Can I e-mail my members from here?',
      answer:
        'No. Retail Back-Office sends no mail or messages to shoppers. Its e-mails go only to you and your staff, for sign-in, invitations and urgent alerts.',
    },
    {
      question: 'Can a member be removed?',
      answer:
        'Their name, e-mail and phone can be cleared at any time. The card code and the points history stay, because the sales they belong to stay, and each sale keeps the reference that was typed at the till.',
    },
    {
      question: 'Who can see the member list?',
      answer:
        'Owners, business admins and the loyalty roles. Store assistants see at the till only what a checkout needs.',
    },
  ],
  closing: {
    heading: 'Put names to your regulars',
    text: 'Register on the Free plan, then choose a plan with loyalty to start your programme and your member list.',
  },
} satisfies ProductPage;
