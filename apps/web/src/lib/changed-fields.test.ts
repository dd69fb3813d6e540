import { describe, expect, it } from 'vitest';
import { changedFields, hasChanges, toFormValues } from './changed-fields';

describe('changedFields', () => {
  it('keeps only what differs, trimmed, and an emptied field as ""', () => {
    const initial = { name: 'Ada', city: 'Lyon', phone: '' };
    expect(changedFields(initial, { name: ' Ada ', city: '', phone: '+33 ' })).toEqual({
      city: '',
      phone: '+33',
    });
  });

  it('finds nothing when nothing changed', () => {
    const values = toFormValues(['a', 'b'] as const, (field) => (field === 'a' ? 'x' : null));
    expect(values).toEqual({ a: 'x', b: '' });
    expect(hasChanges(changedFields(values, { ...values }))).toBe(false);
  });
});
