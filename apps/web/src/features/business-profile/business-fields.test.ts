import { describe, expect, it } from 'vitest';
import { NO_LOGO_CHANGE, addressValues, infoRequest, timeZoneOptions, toFieldName } from './business-fields';
import { businessRecord } from './business-profile.fixtures';

describe('infoRequest', () => {
  it('completes a bare website and asks to remove the logo only without a new one', () => {
    expect(infoRequest({ websiteUrl: 'shop.example' }, { file: null, isRemoved: true })).toEqual({
      websiteUrl: 'https://shop.example',
      removeLogo: true,
    });
    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    expect(infoRequest({}, { file: logo, isRemoved: true })).toEqual({});
    expect(infoRequest({ industryType: '' }, NO_LOGO_CHANGE)).toEqual({ industryType: '' });
  });
});

describe('addressValues', () => {
  it('reads the postal code from either name', () => {
    const business = businessRecord();
    const address = { ...business.address, zipCode: null, postalCode: 'N1 1AA' };
    expect(addressValues({ ...business, address }).zipCode).toBe('N1 1AA');
  });
});

describe('toFieldName', () => {
  it('maps the server’s address paths to the card’s fields', () => {
    expect(toFieldName('address.city')).toBe('city');
    expect(toFieldName('address.postalCode')).toBe('zipCode');
    expect(toFieldName('businessName')).toBe('businessName');
  });
});

describe('timeZoneOptions', () => {
  it('offers UTC, which the browser list leaves out, and the business’s own zone', () => {
    const zones = timeZoneOptions('UTC');
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Paris');
    expect(new Set(zones).size).toBe(zones.length);
  });
});
