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

/**
 * Why Confirm is off where the server would refuse the change (409 and 400): a canceled
 * subscription is reactivated before its plan changes, and Free is reached by cancelling.
 */
export const CANCELED_CHANGE_BLOCKED =
  'Your subscription is canceled. Reactivate it on the business profile before you change the plan.';
export const FREE_CHANGE_BLOCKED =
  'To go back to Free, cancel the subscription on the business profile: your plan stays until the end of the period you paid for.';
export const OPEN_BUSINESS_PROFILE = 'Open the business profile';
