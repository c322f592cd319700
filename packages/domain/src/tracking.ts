/** The value of tracking_number that means "none" (core.md section 3). */
export const NO_TRACKING = 'No Tracking';

/** True for a real tracking number: not empty and not 'No Tracking'. */
export const hasTrackingNumber = (
  trackingNumber: string | null | undefined,
): trackingNumber is string => {
  const value = trackingNumber?.trim() ?? '';
  return value !== '' && value.toLowerCase() !== NO_TRACKING.toLowerCase();
};

type TCarrierLink = { pattern: RegExp; url: (tracking: string) => string };

const CARRIERS: readonly TCarrierLink[] = [
  { pattern: /\bups\b/i, url: (t) => `https://www.ups.com/track?tracknum=${t}` },
  {
    pattern: /\busps\b|postal/i,
    url: (t) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${t}`,
  },
  { pattern: /fed\s*ex/i, url: (t) => `https://www.fedex.com/fedextrack/?trknbr=${t}` },
  {
    pattern: /\bdhl\b/i,
    url: (t) => `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${t}`,
  },
  { pattern: /ameri\s*ship/i, url: (t) => `https://www.amerishipusa.com/tracking?number=${t}` },
];

/**
 * A link to follow a shipment: the carrier's own tracking page for ups, usps,
 * fedex, dhl and the ameriship-style carrier, a web search for any other
 * carrier. Undefined when there is no real tracking number.
 */
export const trackingUrl = (
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | undefined => {
  if (!hasTrackingNumber(trackingNumber)) {
    return undefined;
  }
  const tracking = encodeURIComponent(trackingNumber.trim());
  const name = carrier?.trim() ?? '';
  const known = CARRIERS.find((entry) => entry.pattern.test(name));
  if (known) {
    return known.url(tracking);
  }
  const query = encodeURIComponent(`${name} tracking ${trackingNumber.trim()}`.trim());
  return `https://www.google.com/search?q=${query}`;
};
