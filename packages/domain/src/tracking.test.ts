import { describe, expect, it } from 'vitest';
import { hasTrackingNumber, trackingUrl } from './tracking';

describe('hasTrackingNumber', () => {
  it.each([
    ['1Z999AA10123456784', true],
    ['No Tracking', false],
    ['no tracking', false],
    ['', false],
    ['   ', false],
    [null, false],
  ])('%s → %s', (value, expected) => {
    expect(hasTrackingNumber(value)).toBe(expected);
  });
});

describe('trackingUrl', () => {
  it.each([
    ['UPS', 'https://www.ups.com/track?tracknum=1Z99'],
    ['ups ground', 'https://www.ups.com/track?tracknum=1Z99'],
    ['USPS', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=1Z99'],
    ['FedEx', 'https://www.fedex.com/fedextrack/?trknbr=1Z99'],
    ['DHL', 'https://www.dhl.com/us-en/home/tracking.html?tracking-id=1Z99'],
    ['AmeriShip', 'https://www.amerishipusa.com/tracking?number=1Z99'],
  ])('%s has its own tracking page', (carrier, url) => {
    expect(trackingUrl(carrier, '1Z99')).toBe(url);
  });

  it('searches the web for any other carrier', () => {
    expect(trackingUrl('OnTrac', 'C1 23')).toBe(
      'https://www.google.com/search?q=OnTrac%20tracking%20C1%2023',
    );
  });

  it('gives no link without a real tracking number', () => {
    expect(trackingUrl('UPS', 'No Tracking')).toBeUndefined();
    expect(trackingUrl('UPS', '')).toBeUndefined();
  });

  it('escapes the tracking number', () => {
    expect(trackingUrl('ups', 'a&b=c')).toBe('https://www.ups.com/track?tracknum=a%26b%3Dc');
  });
});
