import { describe, expect, it } from 'vitest';
import { completeUrl } from './url';

describe(completeUrl.name, () => {
  it('completes a bare domain to https', () => {
    expect(completeUrl('shop.example')).toBe('https://shop.example');
    expect(completeUrl('  www.shop.example/about ')).toBe('https://www.shop.example/about');
    expect(completeUrl('//shop.example')).toBe('https://shop.example');
  });

  it('leaves an address with a scheme, an empty value and non-hosts as they are', () => {
    expect(completeUrl('http://shop.example')).toBe('http://shop.example');
    expect(completeUrl('https://shop.example')).toBe('https://shop.example');
    expect(completeUrl('')).toBe('');
    expect(completeUrl('not a site')).toBe('not a site');
  });
});
