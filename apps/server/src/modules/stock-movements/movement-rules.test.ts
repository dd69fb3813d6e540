import { describe, expect, it } from 'vitest';
import { refusalBeforeCode, wrongCode } from './movement-rules.js';

const row = (status: string, lockedAt: Date | null = null, id = 'm1') => ({ id, status, lockedAt });

describe('movement rules', () => {
  describe('refusalBeforeCode', () => {
    it('lets a movement in the state before its end through', () => {
      expect(refusalBeforeCode([row('PENDING')], 'm1', 'SOURCE')).toBeUndefined();
      expect(refusalBeforeCode([row('IN_TRANSIT')], 'm1', 'DESTINATION')).toBeUndefined();
    });

    it('refuses a locked movement that is still under way, whatever the end', () => {
      for (const end of ['SOURCE', 'DESTINATION'] as const) {
        expect(refusalBeforeCode([row('PENDING', new Date())], 'm1', end)?.code).toBe('MOVEMENT_LOCKED');
      }
    });

    it('answers the state of a finished movement, locked or not', () => {
      const refusal = refusalBeforeCode([row('COMPLETED', new Date())], 'm1', 'DESTINATION');
      expect(refusal?.code).toBe('CONFLICT');
      expect(refusal?.message).toBe(
        'This movement cannot be validated at the destination. It has arrived at its destination already.',
      );
      expect(refusalBeforeCode([row('CANCELLED')], 'm1', 'SOURCE')?.message).toContain('It was cancelled.');
    });

    it('validates a batch when at least one movement waits, and refuses one where none does', () => {
      const batch = [row('IN_TRANSIT', null, 'a'), row('PENDING', null, 'b'), row('CANCELLED', null, 'c')];
      expect(refusalBeforeCode(batch, null, 'SOURCE')).toBeUndefined();
      const done = [row('COMPLETED', null, 'a'), row('CANCELLED', null, 'b')];
      expect(refusalBeforeCode(done, null, 'DESTINATION')?.message).toBe(
        'No movement of this batch is on its way: there is nothing to validate.',
      );
      const locked = [row('PENDING', null, 'a'), row('PENDING', new Date(), 'b')];
      expect(refusalBeforeCode(locked, null, 'SOURCE')?.code).toBe('MOVEMENT_LOCKED');
    });
  });

  it('refuses a batch member, whatever its own state, once another member is locked', () => {
    const family = [row('PENDING', null, 'a'), row('IN_TRANSIT', new Date(), 'b')];
    expect(refusalBeforeCode(family, 'a', 'SOURCE')?.code).toBe('MOVEMENT_LOCKED');
    // A finished member's old lock does not stop the others.
    const done = [row('PENDING', null, 'a'), row('CANCELLED', new Date(), 'b')];
    expect(refusalBeforeCode(done, 'a', 'SOURCE')).toBeUndefined();
  });

  describe('wrongCode', () => {
    it('tells how many tries are left, then that the movement is locked', () => {
      expect(wrongCode(1).details).toEqual({ attemptsLeft: 4, isLocked: false });
      expect(wrongCode(4).message).toBe(
        'The validation code is wrong. 1 try is left before the movement locks.',
      );
      expect(wrongCode(5).details).toEqual({ attemptsLeft: 0, isLocked: true });
      expect(wrongCode(9).details).toEqual({ attemptsLeft: 0, isLocked: true });
      expect(wrongCode(2).statusCode).toBe(400);
    });
  });
});
