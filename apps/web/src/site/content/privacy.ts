import type { DocumentPage, SitePage } from '../site-page';
import { REFRESH_COOKIE_NAME, STORAGE_TABLE } from './browser-storage';

/**
 * What the product actually stores (ARCHITECTURE: tables, blobs, mail, jobs, logs), said plainly.
 * Anything that depends on how the operator runs the service (mail server, file storage, a
 * language model, trackers) is said to depend on it, with the default.
 */
export const privacyPage: SitePage = {
  kind: 'document',
  path: '/privacy',
  title: 'Privacy policy',
  description:
    'What Retail Back-Office stores about owners, staff, loyalty members and visitors, why, who can see it, how long it is kept and the choices you have.',
  eyebrow: 'Legal',
  heading: 'Privacy policy',
  lead: 'This policy says what the service stores about you, why, who can see it and for how long. It covers owners and staff who use the dashboard, shoppers whom a business records as loyalty members, and visitors to these pages.',
  updated: '2026-11-27',
  sections: [
    {
      id: 'who-is-responsible',
      heading: 'Who is responsible',
      paragraphs: [
        'We, the operator of this service, are responsible for the accounts of owners and staff and for running the service. Each business that uses it is responsible for what it records about its own customers, such as loyalty members, and decides what to keep about them.',
      ],
    },
    {
      id: 'accounts',
      heading: 'Owners and staff',
      paragraphs: [
        'For each user we keep the full name, e-mail address, and optionally a username, phone number, postal address and profile picture; the roles held; the business and location the user belongs to; when the e-mail address was confirmed; and the password as an Argon2 hash, never the password itself.',
        'We use these details to sign you in, to show your name to your colleagues and in the audit log, and to send the e-mails listed below. You can see and change them on your Profile.',
        'When you delete your account, your name, personal details, password, pending address change and picture are removed. An anonymous record stays, so that your business’s audit log still reads correctly.',
      ],
    },
    {
      id: 'business-records',
      heading: 'What a business records',
      paragraphs: [
        'A business stores its profile (name, registration number, e-mail, phone, website, industry, description, address, logo and time zone), its stores and warehouses with their addresses, contact details, opening hours and map position, its products and suppliers with their contact details, its stock and the history of every change, its transfers, and its sales.',
        'A sale records its lines, the payment method (cash, card or other), the customer reference typed at the till, if any, and the member of staff who recorded it. Card numbers are never entered or stored: the till records only how a sale was paid.',
        'These records are kept until the owner deletes the business, which removes all of them.',
      ],
    },
    {
      id: 'loyalty-members',
      heading: 'Shoppers who are loyalty members',
      paragraphs: [
        'A business that runs a loyalty programme keeps, for each member, a name, an e-mail address and a phone number (each optional), a card code, and the points history: each point earned, redeemed, expired, refunded or corrected, with the sale it came from.',
        'The business uses them to find the member at the till and to give points and rewards. We send nothing to members: no e-mails, no messages, no marketing.',
        'Staff with a loyalty role, and the business’s owners and admins, can see the member list; store assistants see at the till only the tier, the points to spend and the rewards. The member’s contact details can be corrected or cleared by the business at any time; the points history stays with the sales it belongs to until the business is deleted. To see, correct or clear your details, ask the shop where you are a member.',
      ],
    },
    {
      id: 'pictures',
      heading: 'Uploaded pictures',
      paragraphs: [
        'Business logos, profile pictures, store pictures and product pictures are checked when they are uploaded and never stored as sent: each is decoded, turned upright, stripped of its metadata (such as the camera and the place it was taken), fitted within 2048 pixels and encoded again.',
        'They are stored in the business’s own folder of the service’s file storage and shown only to signed-in users of that business, except a store’s picture, which the store’s public Scan, Pay & Go page shows with its name and opening hours. A replaced logo is deleted, a profile picture goes with its account, and every file goes with the business.',
      ],
    },
    {
      id: 'audit-log',
      heading: 'The audit log',
      paragraphs: [
        'The audit log records who did what and when in a business: the user and their e-mail address, the kind of event, a description and the time. It covers products, stock, transfers, locations, stores, warehouses, discounts, carrying containers, and staff accounts and their access.',
        'Owners and business admins can search it and export it as CSV or Excel, on plans that include the audit log. Nobody can change or delete an entry through the service; the log is removed with the business.',
      ],
    },
    {
      id: 'reports',
      heading: 'Reports and questions',
      paragraphs: [
        'Every report you ask for is stored whole with your name as its author: your question, the summary, the tables and the charts, so that an export shows what you saw. Anyone in your business who may read the analytics can open it; only you can delete it. Each person keeps their newest 200 reports.',
        'Questions are answered by an analyst built into the server. Only if the operator connects a language model service are the question and the figures read for it sent to that service. None is connected by default.',
      ],
    },
    {
      id: 'e-mail',
      heading: 'E-mail we send',
      paragraphs: [
        'We e-mail owners and staff only, for: confirming an e-mail address, password resets, staff invitations, a change of e-mail address (a link to the new address and a notice to the old one), a locked account, a notice when someone tries to register or is invited with your address, and critical alerts of their business, such as a declined renewal or a locked transfer. We send no newsletters or advertising.',
        'A message waits in the service’s queue until it is sent and is removed about a day later (four days after the last try if it could not be sent). A record that it was sent, without its content, is kept so that it is never sent twice. Where the service writes mail to files instead of a mail server, as in a local trial, the files stay in its data folder.',
      ],
    },
    {
      id: 'payments',
      heading: 'Payments',
      paragraphs: [
        'Subscriptions are paid on the checkout page of our payment provider, Stripe; your card details go to Stripe and never reach us. We keep the plan, its status and dates, whether it renews, failed renewals, and Stripe’s references for the subscription, its checkout pages and the payment events it reported.',
        'If the owner connects the business to Stripe, we keep the Stripe account’s id and whether its set-up is complete; the set-up itself happens at Stripe. Stripe handles what you give it under its own privacy policy.',
      ],
    },
    {
      id: 'security',
      heading: 'Sign-in and security records',
      paragraphs: [
        `When you sign in, the server stores a hash of your refresh token (the ${REFRESH_COOKIE_NAME} cookie) with your user id and its times; a hash cannot be turned back into the token. The record stays after the sign-in ends, when the token no longer works. Signing out puts the access token on a block list until it would have expired.`,
        'Failed sign-ins are counted per account over 15 minutes to stop password guessing. Older ones are cleared at the account’s next sign-in attempt, and a successful sign-in clears them all.',
        'The server’s request log records for each request its time, method, address and your network (IP) address, with any link token cut out. Passwords, tokens, cookies and the contents of forms are never logged. How long the log is kept depends on how the operator runs the service.',
      ],
    },
    {
      id: 'in-your-browser',
      heading: 'What is stored in your browser',
      paragraphs: [
        'The dashboard keeps your sign-in for the open tab in sessionStorage and a few of your choices in localStorage, under keys that end with your user id so that two people sharing a browser keep their own. Only this site can read them, and they are not used to track you. The two cookies are described on the Cookies page.',
      ],
      table: STORAGE_TABLE,
    },
    {
      id: 'who-can-see-it',
      heading: 'Who can see your data',
      paragraphs: [
        'Within a business, each person sees what their roles allow. No business can see another’s data: the service takes the business from your sign-in and its database hides every other business’s records.',
        'Those who operate the service can reach its database and files in order to run it. Besides Stripe for payments, the service uses outside services only where the operator sets them up: a mail server, cloud file storage, a language model for reports, and the statistics or marketing scripts described on the Cookies page, which load only after your consent. None of them is set up by default.',
      ],
    },
    {
      id: 'your-choices',
      heading: 'Your choices',
      paragraphs: ['What you can do:'],
      list: [
        'See and change your details on your Profile; a new e-mail address takes effect once you confirm it.',
        'Delete your account from your Profile.',
        'As an owner, delete the business and everything in it from the Business Profile.',
        'As a loyalty member, ask the shop to show, correct or clear your details.',
        'Change your cookie choices at any time on the Cookies page.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      paragraphs: [
        'When what the service stores changes, this policy changes with it, and the date at the top of the page shows the last change.',
      ],
    },
  ],
} satisfies DocumentPage;
