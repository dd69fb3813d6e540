import { ROLES } from '@app/contracts';
import type { ProductPage, SitePage } from '../site-page';
import { SHOTS } from './shots';
import { START_FREE, limitText, limitsText, planPhrase } from './site-facts';

export const businessFeaturesPage: SitePage = {
  kind: 'product',
  path: '/business-features',
  title: 'Features for businesses, and the plan for each',
  description:
    'Every part of Retail Back-Office for owners and staff: catalogue, stock, transfers, till, loyalty, analytics, staff roles and the audit log, plan by plan.',
  eyebrow: 'For businesses',
  heading: 'Every tool behind the counter, in one dashboard',
  lead: 'From the first product to the monthly figures, each part of the work has its screen, and each member of staff sees the screens their roles open. This page walks through them and says which plan includes what.',
  cta: START_FREE,
  hero: SHOTS.products,
  audience: {
    heading: 'Who it is for',
    items: [
      {
        title: 'Owners',
        text: 'Set up the business, choose the plan, manage the payment account and see everything.',
      },
      {
        title: 'Business admins',
        text: 'Run the business day to day: staff, roles, the business profile and the audit log.',
      },
      {
        title: 'Specialist staff',
        text: 'Product, inventory, loyalty and analytics roles, each as admin, contributor or reader, plus the store assistant at the till.',
      },
      {
        title: 'New businesses',
        text: `Start on Free with ${limitsText('FREE')}, and upgrade when you outgrow it.`,
      },
    ],
  },
  steps: {
    heading: 'How a business gets going',
    items: [
      {
        title: 'Set up',
        text: 'Register as the owner, confirm your e-mail address and complete the business profile. A checklist on the dashboard shows what to do next.',
      },
      {
        title: 'Stock the catalogue',
        text: 'Add a store and its location, then products with prices and barcodes, and their opening stock.',
      },
      {
        title: 'Bring in the team',
        text: `Invite staff by e-mail and give each the roles they need, from the ${ROLES.length} available.`,
      },
      {
        title: 'Trade and review',
        text: 'Sell at the till, move stock between locations, and read the figures on the dashboard and in analytics.',
      },
    ],
  },
  features: [
    {
      title: 'Catalogue and stock',
      text: 'Products per location with categories, suppliers, pictures, barcodes and reorder points; stock per store and warehouse with its full history; transfers confirmed by a code at each end.',
      points: [
        `Excel and CSV upload ${planPhrase('BULK_UPLOAD')}`,
        `Discounts ${planPhrase('DISCOUNTS')}`,
        'Low-stock alerts in the bell on every screen',
      ],
      shot: SHOTS.stock,
    },
    {
      title: 'Staff, roles and the audit log',
      text: `Each member of staff has their own sign-in and one or more roles; the screens and the server follow them. The audit log (${planPhrase('AUDIT_LOG')}) records who created, changed or deleted what and when, for owners and business admins to search and export as CSV or Excel.`,
      points: [
        'Ten failed sign-ins lock an account for 15 minutes',
        'Sign out everywhere by resetting the password',
        'Closing the business signs staff out at once',
      ],
      shot: SHOTS.access,
    },
    {
      title: 'Selling and loyalty',
      text: `The till prices each product with today’s discount, records the payment method and takes the units off the store’s stock. Loyalty programmes and broadcasts to your staff are ${planPhrase('LOYALTY')}.`,
      shot: SHOTS.till,
    },
    {
      title: 'Plans and payment',
      text: 'The owner picks a plan on the plans page and pays on the payment provider’s own checkout page, so card details never reach Retail Back-Office. Plans renew monthly; auto-renewal can be switched off, and a cancelled plan runs to the end of its period.',
      shot: SHOTS.subscription,
    },
  ],
  faq: [
    {
      question: 'What happens when I reach a limit of my plan?',
      answer: `The action that would pass it, such as a store beyond Basic’s ${limitText('BASIC', 'stores')}, is refused with a message that states your plan’s limit, and the dialog that shows it leads to the plans. Nothing you already have is touched.`,
    },
    {
      question: 'Can I move to a smaller plan?',
      answer:
        'Yes, once the business fits it: a change to a plan below what you use is refused with what to remove first, for example the extra stores.',
    },
    {
      question: 'Who can close or delete the business?',
      answer:
        'Only an owner. Closing stops staff from signing in until the owner reactivates it; deleting removes every record and file of the business for good.',
    },
    {
      question: 'Can I connect my Stripe account?',
      answer:
        'Yes. The owner connects the business to Stripe under Payment Management on the Business Profile, and opens the Stripe Express dashboard from there. The till records payments taken at the counter; it does not charge cards itself.',
    },
  ],
  links: {
    heading: 'Each part in detail',
    items: [
      { title: 'Smart inventory', text: 'Stock, history and low-stock alerts.', to: '/smart-inventory' },
      { title: 'Supply chain', text: 'Transfers, suppliers and forecasts.', to: '/supply-chain' },
      { title: 'Scan, Pay & Go', text: 'Store QR codes and the till.', to: '/scan-pay-go' },
      { title: 'Loyalty', text: 'Four templates and rewards at the till.', to: '/loyalty' },
      { title: 'Customer records', text: 'Members, their points and their history.', to: '/crm' },
      { title: 'Analytics', text: 'Three tiers of figures, reports and forecasts.', to: '/analytics' },
      { title: 'Plans', text: 'Prices, limits and features side by side.', to: '/subscription-plans' },
    ],
  },
  closing: {
    heading: 'Set up your business today',
    text: 'Register as the owner, complete the business profile and invite your team. The Free plan needs no card.',
  },
} satisfies ProductPage;
