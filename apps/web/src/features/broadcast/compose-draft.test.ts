import type { TAlert } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  EXPIRY_IN_PAST,
  checkDraft,
  describeRoles,
  describeScope,
  draftFromAlert,
  toAlertRequest,
} from './compose-draft';

const STORE_ID = '7a1f0c52-6a43-4d1f-8a3e-7c1d2b3a4c01';
const NOW = new Date('2026-03-10T12:00:00Z');

describe(toAlertRequest.name, () => {
  it('names no store for the whole business, and no roles or expiry when none are given', () => {
    expect(toAlertRequest({ ...EMPTY_DRAFT, title: 'T', message: 'M', storeId: STORE_ID })).toEqual({
      title: 'T',
      message: 'M',
      severity: 'INFO',
      scope: 'BUSINESS',
      storeId: null,
      roles: null,
      expiresAt: null,
    });
  });

  it('sends the store, the roles and the expiry as an instant for a store audience', () => {
    const request = toAlertRequest({
      ...EMPTY_DRAFT,
      title: 'T',
      message: 'M',
      audience: 'STORE',
      storeId: STORE_ID,
      roles: ['ROLE_STORE_ASSISTANT'],
      expiresAt: '2026-03-11T09:30',
    });
    expect(request).toMatchObject({
      scope: 'STORE',
      storeId: STORE_ID,
      roles: ['ROLE_STORE_ASSISTANT'],
      expiresAt: new Date('2026-03-11T09:30').toISOString(),
    });
  });
});

describe(checkDraft.name, () => {
  it("gives the contract's messages at their fields", () => {
    const { errors } = checkDraft({ ...EMPTY_DRAFT, audience: 'STORE' }, NOW);
    expect(errors).toEqual({
      title: 'Give the alert a title.',
      message: 'Write the message.',
      storeId: 'Choose the store the alert is for.',
    });
  });

  it('refuses a title over 120 characters and an expiry that has passed', () => {
    const { errors } = checkDraft(
      { ...EMPTY_DRAFT, title: 'x'.repeat(121), message: 'M', expiresAt: '2026-03-01T09:00' },
      NOW,
    );
    expect(errors).toEqual({ title: 'A title has at most 120 characters.', expiresAt: EXPIRY_IN_PAST });
  });

  it('passes a complete draft', () => {
    expect(
      checkDraft({ ...EMPTY_DRAFT, title: 'T', message: 'M', expiresAt: '2026-04-01T09:00' }, NOW).errors,
    ).toBeNull();
  });
});

describe(draftFromAlert.name, () => {
  it('takes a sent broadcast back into the card', () => {
    const alert = {
      title: 'T',
      message: 'M',
      severity: 'WARNING',
      scope: 'STORE',
      storeId: STORE_ID,
      roles: null,
      expiresAt: null,
    } as unknown as TAlert;
    expect(draftFromAlert(alert)).toEqual({
      title: 'T',
      message: 'M',
      severity: 'WARNING',
      audience: 'STORE',
      storeId: STORE_ID,
      roles: [],
      expiresAt: '',
    });
  });
});

describe('describing the audience', () => {
  it('reads roles and scope as people do', () => {
    expect(describeRoles(null)).toBe('Everyone');
    expect(describeRoles(['ROLE_INVENTORY_ADMIN', 'ROLE_STORE_ASSISTANT'])).toBe(
      'Inventory admin, Store assistant',
    );
    expect(describeScope({ scope: 'BUSINESS', storeName: null })).toBe('Whole business');
    expect(describeScope({ scope: 'STORE', storeName: 'High Street' })).toBe('High Street');
  });
});
