import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/app-error.js';
import {
  INVALID_CODE_MESSAGE,
  createSandboxPosTerminalProvider,
  isSandboxRegistrationCode,
} from './pos-terminal-provider.js';

describe('pos terminal provider', () => {
  describe('isSandboxRegistrationCode', () => {
    it.each(['simulated-wpe', 'apple-banana-cherry', 'Apple-Banana-Cherry', 'a-b-c'])(
      'accepts %s',
      (code) => {
        expect(isSandboxRegistrationCode(code)).toBe(true);
      },
    );

    it.each([
      '',
      'simulated',
      'simulated-wpe-2',
      'apple-banana',
      'apple-banana-cherry-date',
      'apple banana cherry',
      'apple-banana-cherry1',
      'apple--cherry',
      '-apple-banana-cherry',
      'apple-banana-cherry ',
      'äpple-banana-cherry',
    ])('refuses %j', (code) => {
      expect(isSandboxRegistrationCode(code)).toBe(false);
    });
  });

  describe('createSandboxPosTerminalProvider', () => {
    const provider = createSandboxPosTerminalProvider();

    it('registers a simulated reader with a sandbox id', async () => {
      const reader = await provider.registerReader({ registrationCode: 'simulated-wpe', label: 'Till 1' });
      expect(provider.isSandbox).toBe(true);
      expect(reader).toEqual({
        providerReaderId: expect.stringMatching(/^tmr_sandbox_[0-9a-f]{24}$/) as unknown,
        deviceType: 'simulated_wisepos_e',
        status: 'online',
      });
    });

    it('gives every reader its own id', async () => {
      const a = await provider.registerReader({ registrationCode: 'apple-banana-cherry', label: 'A' });
      const b = await provider.registerReader({ registrationCode: 'apple-banana-cherry', label: 'B' });
      expect(a.deviceType).toBe('bbpos_wisepos_e');
      expect(a.providerReaderId).not.toBe(b.providerReaderId);
    });

    it('refuses another code with a 400 on registrationCode', async () => {
      const error = await provider.registerReader({ registrationCode: '12345', label: 'Till' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: 'VALIDATION_ERROR',
        statusCode: 400,
        details: { fieldErrors: { registrationCode: [INVALID_CODE_MESSAGE] } },
      });
    });
  });
});
