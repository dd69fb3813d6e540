/** 000 section 8, Subscriptions: the title of a failed payment, and the call's fallback. */
export const CREATION_FAILED = 'Creation failed';
export const CREATE_SUBSCRIPTION_FAILED = 'Failed to create subscription';

export const SANDBOX_NOTE = 'Sandbox: no real card is charged';

export const ONLY_OWNER_PAYS =
  'Only the business owner can change the subscription. Ask your owner to choose this plan.';

/** While the browser leaves for the provider's payment page (Stripe Checkout). */
export const OPENING_CHECKOUT = 'Opening the secure payment page…';

/** Checkout sends the owner back with `?checkout=canceled`. */
export const CHECKOUT_CANCELED = 'Payment canceled: nothing was charged.';

/** Before a first payment with a real provider. */
export const CHECKOUT_NOTE =
  'You pay on the payment provider’s secure page; the plan starts once it confirms the payment.';
