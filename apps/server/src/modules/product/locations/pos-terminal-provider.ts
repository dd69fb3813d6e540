import { randomBytes } from 'node:crypto';
import { fieldError } from '../../../platform/http/app-error.js';

/**
 * The payment provider's side of card readers (DESIGN 7: each outside service has an embedded
 * default). The sandbox below is the only one so far: with STRIPE_SECRET_KEY, subscriptions and
 * the business's payment account go through Stripe, but readers are still registered here until
 * in-store card payments come with the point of sale (Stripe Terminal, behind this interface).
 */
export type PosTerminalProvider = {
  /** Whether readers it registers are simulated (answers carry `sandbox`). */
  readonly isSandbox: boolean;
  /**
   * Registers the reader showing `registrationCode`. A code the provider refuses is a 400 on
   * `registrationCode` (AppError); a provider that cannot be reached throws anything else.
   */
  registerReader: (input: { registrationCode: string; label: string }) => Promise<RegisteredReader>;
  /** Takes a registered reader back (its local record could not be kept). */
  removeReader: (providerReaderId: string) => Promise<void>;
};

export type RegisteredReader = { providerReaderId: string; deviceType: string; status: string };

/** The code of Stripe's simulated reader, which the sandbox accepts as well. */
export const SIMULATED_READER_CODE = 'simulated-wpe';

const THREE_WORDS = /^[a-z]+-[a-z]+-[a-z]+$/i;

/**
 * The codes the sandbox accepts: the simulated reader's, or three words of letters joined by `-`
 * (the shape a real reader shows, e.g. `apple-banana-cherry`).
 */
export function isSandboxRegistrationCode(code: string): boolean {
  return code === SIMULATED_READER_CODE || THREE_WORDS.test(code);
}

export const INVALID_CODE_MESSAGE =
  `This registration code is not valid. Enter the three words the reader shows, such as ` +
  `apple-banana-cherry, or ${SIMULATED_READER_CODE} for a simulated reader.`;

/** Registers readers without a provider account: nothing leaves the server. */
export function createSandboxPosTerminalProvider(): PosTerminalProvider {
  return {
    isSandbox: true,
    registerReader: async ({ registrationCode }) => {
      if (!isSandboxRegistrationCode(registrationCode)) {
        throw fieldError('registrationCode', INVALID_CODE_MESSAGE);
      }
      return {
        providerReaderId: `tmr_sandbox_${randomBytes(12).toString('hex')}`,
        deviceType: registrationCode === SIMULATED_READER_CODE ? 'simulated_wisepos_e' : 'bbpos_wisepos_e',
        status: 'online',
      };
    },
    removeReader: async () => undefined,
  };
}
