/** 000 section 8, Subscriptions: the title of a failed payment, and the call's fallback. */
export const CREATION_FAILED = 'Creation failed';
export const CREATE_SUBSCRIPTION_FAILED = 'Failed to create subscription';

export const SANDBOX_NOTE = 'Sandbox: no real card is charged';

export const ONLY_OWNER_PAYS =
  'Only the business owner can change the subscription. Ask your owner to choose this plan.';
