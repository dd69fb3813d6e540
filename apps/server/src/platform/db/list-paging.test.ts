import { describe, expect, it } from 'vitest';
import { escapeLike, toContainsPattern, totalShownByPage } from './list-paging.js';

describe('list paging', () => {
  describe('toContainsPattern', () => {
    it('wraps the search in wildcards', () => {
      expect(toContainsPattern('fresh')).toBe('%fresh%');
    });

    it('escapes the wildcards and the escape character the search holds', () => {
      expect(toContainsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
      expect(escapeLike('a%b')).toBe('a\\%b');
    });
  });

  describe('totalShownByPage', () => {
    it('knows the total from a page that is neither full nor empty', () => {
      expect(totalShownByPage(3, { page: 0, size: 10 })).toBe(3);
      expect(totalShownByPage(1, { page: 2, size: 10 })).toBe(21);
    });

    it('knows an empty first page means no rows at all', () => {
      expect(totalShownByPage(0, { page: 0, size: 10 })).toBe(0);
    });

    it('needs a count after a full page or an empty page past the first', () => {
      expect(totalShownByPage(10, { page: 0, size: 10 })).toBeNull();
      expect(totalShownByPage(0, { page: 3, size: 10 })).toBeNull();
    });
  });
});
