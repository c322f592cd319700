import { DISPLAY_LIMITS, truncate } from '@portal/domain/format';
import { trackingUrl } from '@portal/domain/tracking';

type TTrackingLinkProps = {
  carrier: string | null;
  trackingNumber: string | null;
  /** Shorten the number to the list's 12 characters. */
  short?: boolean;
  /** Shown instead when there is no real tracking number. */
  fallback?: string;
};

/** The tracking number as a link to the carrier's page, opened in a new tab. */
export const TrackingLink = ({
  carrier,
  trackingNumber,
  short = false,
  fallback,
}: TTrackingLinkProps) => {
  const href = trackingUrl(carrier, trackingNumber);
  if (!href || !trackingNumber) {
    return fallback ?? null;
  }
  const number = trackingNumber.trim();
  const text = short ? truncate(number, DISPLAY_LIMITS.trackingNumber) : number;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={text === number ? undefined : number}
      className="font-mono text-brand-700 underline-offset-2 hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      {text}
      <span className="sr-only"> (tracking, opens in a new tab)</span>
    </a>
  );
};
