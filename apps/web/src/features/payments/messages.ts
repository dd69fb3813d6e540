export const SANDBOX_ONBOARDING_FAILED = 'Onboarding could not be completed';

export const SANDBOX_TEXTS = {
  provider:
    'This is the sandbox payment provider built into the app, not Stripe. No real money moves, and no real business, identity or bank details are asked for or sent anywhere.',
  onboardingIntro:
    'With Stripe, this step asks for the business’s identity and bank details. In the sandbox, one click completes it.',
  onboardingDone: 'Onboarding complete. You can close this tab.',
  dashboardNote:
    'The sandbox makes no payouts and keeps no balance, so there is nothing more to show here. With Stripe, this dashboard shows payouts, balances and account details.',
  invalidAccount:
    'This link carries no sandbox payment account. Open it again from Payment Management on the business profile.',
} as const;
