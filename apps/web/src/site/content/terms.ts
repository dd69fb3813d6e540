import { PLANS, PLAN_IDS } from '@app/contracts';
import type { DocumentPage, SitePage } from '../site-page';
import { featuresAddedBy, limitText, priceText } from './site-facts';

/** The plans table of DESIGN 6, built from PLANS so the terms quote the limits the server enforces. */
const PLAN_TABLE: string[][] = [
  ['Plan', 'Price', 'Stores', 'Warehouses', 'Products', 'Staff users', 'Adds'],
  ...PLAN_IDS.map((id) => [
    PLANS[id].name,
    priceText(id),
    limitText(id, 'stores'),
    limitText(id, 'warehouses'),
    limitText(id, 'products'),
    limitText(id, 'staffUsers'),
    featuresAddedBy(id).join(', '),
  ]),
];

export const termsPage: SitePage = {
  kind: 'document',
  path: '/terms',
  title: 'Terms of service',
  description:
    'The terms for using Retail Back-Office: accounts and staff, plans, payment and renewal, your data, acceptable use, and closing or deleting a business.',
  eyebrow: 'Legal',
  heading: 'Terms of service',
  lead: 'These terms apply to everyone who uses Retail Back-Office: the owners who register a business and the staff they invite. By creating an account you accept them.',
  updated: '2026-11-27',
  sections: [
    {
      id: 'the-service',
      heading: 'The service',
      paragraphs: [
        'Retail Back-Office is a web application for running shops: the catalogue, stock at stores and warehouses, transfers, the till, loyalty programmes, staff access and sales analytics. “We” are the operator of this service; “you” are the person using it, and “your business” is the business your account belongs to.',
      ],
    },
    {
      id: 'accounts',
      heading: 'Your account',
      paragraphs: [
        'An account belongs to one person. Keep your password to yourself; staff who need access get their own account by invitation. An owner confirms their e-mail address when registering; staff accept the invitation sent to theirs.',
        'To protect accounts, ten failed sign-ins within 15 minutes lock the account for 15 minutes, and the account holder is sent a link to reset the password. A sign-in lasts at most seven days and ends after eight hours without use.',
      ],
    },
    {
      id: 'businesses-and-staff',
      heading: 'Your business and its staff',
      paragraphs: [
        'The owner who registers a business is responsible for it and for the staff invited to it, including the roles they are given. Owners and business admins manage staff; only an owner acts on another owner’s account, closes or deletes the business, manages the subscription and connects a payment account.',
        'A business always keeps at least one owner who can sign in: a change that would leave none is refused.',
      ],
    },
    {
      id: 'plans',
      heading: 'Plans and limits',
      paragraphs: [
        'A new business starts on the Free plan. Each plan sets limits and features, and each plan includes everything of the plans before it. Limits are checked when something is added: an addition beyond the limit is refused, and nothing you already have is removed.',
        'Prices are per month, in US dollars.',
      ],
      table: PLAN_TABLE,
    },
    {
      id: 'payment-and-renewal',
      heading: 'Payment, renewal and cancellation',
      paragraphs: [
        'Paid plans are paid through our payment provider, Stripe, on its own checkout page. Where the service runs with its sandbox payment provider instead, no card is charged, and the screens say so before and after you confirm.',
        'A paid plan runs for one calendar month and renews automatically unless auto-renewal is switched off. If a renewal payment is declined, it is tried again daily; if it is still declined three days after the end of the period, the subscription expires.',
        'Changing to a higher plan during a period is charged pro rata by the payment provider. A change to a plan below what your business uses is refused until you have removed what does not fit.',
        'When you cancel, you keep your plan until the end of the period you paid for. When a subscription expires, your business returns to the Free plan; your data stays, but additions beyond the Free limits are refused and the features of paid plans are locked.',
      ],
    },
    {
      id: 'your-data',
      heading: 'Your data',
      paragraphs: [
        'The data you and your staff enter remains your business’s. We store and process it only to provide the service. Each business sees only its own data.',
        'When you record details of your customers, such as loyalty members, your business decides what to keep about them and is responsible for it towards them. The Privacy policy describes what the service stores.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      paragraphs: ['You agree not to use the service to:'],
      list: [
        'break the law or the rights of others;',
        'try to reach the data of another business or of another account;',
        'upload files that are not yours to share, or that carry malicious content;',
        'overload the service, for example with automated sign-ins or mass requests; rate limits apply.',
      ],
    },
    {
      id: 'closing-and-deleting',
      heading: 'Closing and deleting',
      paragraphs: [
        'An owner can close the business: staff are signed out and cannot sign in until an owner reactivates it. An owner can delete the business by typing its name: every record and file of the business is removed and cannot be recovered, and a paid subscription is cancelled with the payment provider.',
        'You can delete your own account from your profile. Your personal details are removed; entries in your business’s audit log stay, under an anonymous name.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      paragraphs: [
        'We may change these terms as the service changes. The date at the top of this page shows the last change.',
      ],
    },
  ],
} satisfies DocumentPage;
