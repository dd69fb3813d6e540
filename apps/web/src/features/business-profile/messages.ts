/** 000 section 8: every business action falls back to this text. */
export const BUSINESS_ERROR = 'An error occurred';

/** The confirmations of 000 section 2 "Business profile" and of closing, activating, deleting. */
export const BUSINESS_CONFIRMATIONS = {
  info: {
    title: 'Update Business Profile',
    message: 'Are you sure you want to update the business profile?',
  },
  address: {
    title: 'Update Business Address',
    message: 'Are you sure you want to update the business address?',
  },
  close: {
    title: 'Close Business',
    message:
      'Staff will not be able to sign in until you reactivate the business. Your data stays as it is. Close the business?',
  },
  activate: {
    title: 'Activate Business',
    message: 'Staff will be able to sign in again. Activate the business?',
  },
} as const;

export const BUSINESS_SUCCESS = {
  info: 'Business profile updated',
  address: 'Business address updated',
  close: 'Business closed',
  activate: 'Business activated',
} as const;

export const DELETE_BUSINESS_TEXT =
  'This deletes the business with its stores, products, stock, staff accounts and history. It cannot be undone. You will be signed out and can set up a new business when you sign in again.';

/** 000 section 8, Subscriptions: each failure's title and the call's fallback text. */
export const SUBSCRIPTION_MESSAGES = {
  cancel: { title: 'Cancel failed', fallback: 'Failed to cancel subscription' },
  autoRenew: { title: 'Failed to toggle auto-renew', fallback: 'Failed to update auto-renew' },
  reactivate: { title: 'Reactivate failed', fallback: 'An error occurred' },
} as const;

/** 000 section 2: the Subscription card's cancel confirmation. */
export const CANCEL_SUBSCRIPTION_CONFIRMATION = {
  title: 'Cancel Subscription',
  message:
    'Are you sure you want to cancel your subscription? You will keep access until the end of the billing period.',
} as const;

/** Under the auto-renew switch: what happens at the end date (the renewal job's rule). */
export const AUTO_RENEW_HINTS = {
  on: 'Renews automatically on the end date.',
  off: 'Auto-renew is off: the plan ends on the end date and the business moves to the Free plan.',
} as const;

export const SUBSCRIPTION_SUCCESS = {
  cancel: 'Subscription canceled',
  reactivate: 'Subscription reactivated',
  autoRenewOn: 'Auto-renew turned on',
  autoRenewOff: 'Auto-renew turned off',
} as const;

/** The Payment Management table's actions (000 section 2), what each does and why it may be off. */
export const PAYMENT_ACTIONS = {
  connect: {
    label: 'Connect Stripe',
    description: 'Create the payment account and complete onboarding with Stripe.',
    /** Once the account exists, Connect takes the owner back into its onboarding. */
    resumeDescription: 'Continue the payment account’s onboarding with Stripe.',
    unavailable: 'Onboarding is complete.',
  },
  reauth: {
    label: 'Re-auth Stripe',
    description: 'Get a fresh onboarding link when an earlier one expired or was left unfinished.',
    unavailable: 'Available once Stripe is connected.',
  },
  dashboard: {
    label: 'Express Dashboard',
    description: 'Open Stripe’s dashboard for payouts and account details.',
    unavailable: 'Available once onboarding is complete.',
  },
} as const;

export type PaymentAction = keyof typeof PAYMENT_ACTIONS;

/** 000 section 2: each payment action asks this first. */
export const paymentConfirmation = (label: string) => `Are you sure you want to perform: ${label}?`;

export const PAYMENT_TEXTS = {
  onlyOwner: 'Only the business owner manages the payment account.',
  opensInNewTab: 'It opens in a new tab.',
  sandbox: 'Sandbox account: the built-in test provider. No real money moves.',
  linkExpired: 'The Stripe onboarding link expired. Choose Re-auth Stripe to get a new one.',
  returned: 'Back from the payment provider: the payment account is up to date.',
  blocked: 'Your browser blocked the new tab.',
  badLink: 'The payment provider answered without a usable link.',
} as const;

/** After Stripe Checkout (`?checkout=success`): the subscription follows with the provider's webhook. */
export const CHECKOUT_TEXTS = {
  success: 'Payment received. Your plan starts as soon as the payment provider confirms it.',
  stillWaiting:
    'The payment provider has not confirmed the payment yet. Your plan appears here as soon as it does.',
} as const;
