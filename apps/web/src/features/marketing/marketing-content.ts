export type MarketingContent = {
  eyebrow: string;
  title: string;
  lead: string;
  sections: { heading: string; body: string }[];
  /** Legal pages read as documents, without the call to action. */
  isDocument?: boolean;
};

/** Texts of the public pages, by path. */
export const MARKETING_CONTENT: Record<string, MarketingContent> = {
  'scan-pay-go': {
    eyebrow: 'Scan, pay & go',
    title: 'Checkout without the queue',
    lead: 'Shoppers scan a store’s QR code, scan products as they shop and pay on their phone. Your stock updates the moment they do.',
    sections: [
      {
        heading: 'Scan the store',
        body: 'Every store gets its own QR code. One scan opens the store’s catalogue, prices and active discounts.',
      },
      {
        heading: 'Scan as you shop',
        body: 'Barcodes resolve to your products at that location, with the right price and any discount that applies today.',
      },
      {
        heading: 'Pay and walk out',
        body: 'Card payments go straight to your account. Basket weight checks at the exit keep honest shoppers moving.',
      },
    ],
  },
  loyalty: {
    eyebrow: 'Loyalty',
    title: 'Rewards shoppers come back for',
    lead: 'Start from a proven loyalty template, adjust the rules to your business and watch repeat visits grow.',
    sections: [
      {
        heading: 'Templates that work',
        body: 'Points per purchase, visit streaks or tiered rewards: pick a template and go live in minutes.',
      },
      {
        heading: 'Your rules',
        body: 'Override thresholds, rewards and expiry for your business without starting from scratch.',
      },
      {
        heading: 'Points at checkout',
        body: 'Points accrue automatically with every sale, in store and with scan, pay & go.',
      },
    ],
  },
  'smart-inventory': {
    eyebrow: 'Smart inventory',
    title: 'Know what you have, everywhere',
    lead: 'Stock per location, updated by every sale, adjustment and transfer, with a ledger that explains every change.',
    sections: [
      {
        heading: 'One stock ledger',
        body: 'Every change records who, when, how much and why. Quantities always add up.',
      },
      {
        heading: 'Bulk upload',
        body: 'Bring your catalogue and stock in from Excel or CSV templates in one go.',
      },
      {
        heading: 'Low-stock alerts',
        body: 'Get told before a shelf runs empty, per store or for the whole business.',
      },
    ],
  },
  'supply-chain': {
    eyebrow: 'Supply chain',
    title: 'Transfers you can trust',
    lead: 'Move stock between warehouses and stores with codes validated at both ends, singly or in batches.',
    sections: [
      {
        heading: 'Validated at both ends',
        body: 'Each transfer carries one code for the source and one for the destination. Stock only moves when both agree.',
      },
      { heading: 'Batches', body: 'Validate or cancel a whole delivery at once, all or nothing.' },
      {
        heading: 'Suppliers and containers',
        body: 'Keep your suppliers and carrying containers next to the stock they move.',
      },
    ],
  },
  crm: {
    eyebrow: 'CRM',
    title: 'Know your shoppers',
    lead: 'Loyalty members, their visits and their rewards in one place, so every message lands with the right people.',
    sections: [
      { heading: 'Shopper profiles', body: 'See what each loyalty member buys and how often they visit.' },
      {
        heading: 'Broadcasts',
        body: 'Send alerts to one store or the whole business in a couple of clicks.',
      },
      { heading: 'Privacy first', body: 'Shoppers choose what they share, and you only keep what you need.' },
    ],
  },
  about: {
    eyebrow: 'About us',
    title: 'Built for shops that are growing',
    lead: 'We build the back office we wished our own shops had: calm, fast and clear about what matters today.',
    sections: [
      {
        heading: 'Our mission',
        body: 'Give independent retailers the tools large chains have, without the cost or the complexity.',
      },
      {
        heading: 'How we work',
        body: 'We ship small improvements every week and listen closely to the shop owners who use them.',
      },
      {
        heading: 'Your data',
        body: 'Every business sees only its own data. We never sell it and never use it to compete with you.',
      },
    ],
  },
  terms: {
    eyebrow: 'Legal',
    title: 'Terms of service',
    lead: 'These terms govern your use of Retail Back-Office. By creating an account you agree to them.',
    isDocument: true,
    sections: [
      {
        heading: '1. Your account',
        body: 'You are responsible for your account and for the staff you invite. Keep your password safe and tell us at once about any unauthorised use.',
      },
      {
        heading: '2. Subscriptions',
        body: 'Paid plans renew each period unless you cancel. When you cancel, you keep access until the end of the period you paid for.',
      },
      {
        heading: '3. Acceptable use',
        body: 'Do not use the service to break the law, to harm others or to interfere with the service itself.',
      },
      {
        heading: '4. Your content',
        body: 'Your business data remains yours. You give us the rights we need to store and process it to provide the service.',
      },
      {
        heading: '5. Changes',
        body: 'We may update these terms. We will tell you about material changes before they take effect.',
      },
    ],
  },
  privacy: {
    eyebrow: 'Legal',
    title: 'Privacy policy',
    lead: 'This policy explains what personal data we collect, why, and the choices you have.',
    isDocument: true,
    sections: [
      {
        heading: 'What we collect',
        body: 'Account details (name, e-mail, phone), business details you enter, and records of what happens in your business’s account.',
      },
      {
        heading: 'Why we collect it',
        body: 'To run the service, keep it secure, bill subscriptions and, with your consent, improve it.',
      },
      {
        heading: 'Who we share it with',
        body: 'Only the processors we need to run the service, such as hosting and card payments, under strict agreements.',
      },
      {
        heading: 'Your rights',
        body: 'You can see, correct, export or delete your personal data. Deleting your account removes it.',
      },
    ],
  },
  cookies: {
    eyebrow: 'Legal',
    title: 'Cookie policy',
    lead: 'We use cookies in four categories. Necessary cookies are always on; the others only with your consent, which lasts 180 days.',
    isDocument: true,
    sections: [
      {
        heading: 'Necessary',
        body: 'Keep you signed in, remember your cookie choice and protect the service. The site does not work without them.',
      },
      { heading: 'Preferences', body: 'Remember settings such as your language and layout choices.' },
      {
        heading: 'Statistics',
        body: 'Help us understand, in aggregate, how the site is used so we can improve it.',
      },
      { heading: 'Marketing', body: 'Measure our campaigns and show you relevant offers on other sites.' },
    ],
  },
  analytics: {
    eyebrow: 'Analytics',
    title: 'Decisions backed by your sales',
    lead: 'From daily totals to AI-assisted reports and forecasts, see what sells, where and when.',
    sections: [
      {
        heading: 'Basic',
        body: 'Top and least selling products, trends and totals per store and for the business.',
      },
      {
        heading: 'Advanced',
        body: 'Filter sales any way you like and ask questions in plain language with AI reports you can export.',
      },
      {
        heading: 'Supreme',
        body: 'Forecast demand per product and store so you order the right amount at the right time.',
      },
    ],
  },
  'shopper-features': {
    eyebrow: 'For shoppers',
    title: 'Shopping that respects your time',
    lead: 'Scan, pay and go, collect rewards automatically and hear about offers from the shops you love.',
    sections: [
      { heading: 'No queues', body: 'Scan products as you shop and pay on your phone.' },
      { heading: 'Rewards that add up', body: 'Points arrive with every purchase, no cards to carry.' },
      {
        heading: 'Offers that fit',
        body: 'Only hear from the shops you choose, about things you care about.',
      },
    ],
  },
  'business-features': {
    eyebrow: 'For businesses',
    title: 'Everything behind the counter',
    lead: 'Stores, warehouses, products, stock, staff, loyalty and analytics in one calm dashboard.',
    sections: [
      {
        heading: 'Multi-store by design',
        body: 'Manage every store and warehouse from one place, with stock per location.',
      },
      {
        heading: 'Staff with the right access',
        body: 'Invite staff and give each the roles they need: products, inventory, loyalty or analytics.',
      },
      {
        heading: 'Plans that grow with you',
        body: 'Start free and upgrade when you need more stores, products or features.',
      },
    ],
  },
};
