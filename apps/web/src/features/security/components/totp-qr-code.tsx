import { useEffect, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';

type TImage = { uri: string; src: string } | { uri: string; failed: true };

/** The QR code's side in CSS pixels: phones scan it easily off a screen at this size. */
const SIDE = 176;

/**
 * The otpauth:// address as a QR code for the authenticator app to scan. The QR library is
 * fetched here, when an enrolment starts, so it is part of no screen's start.
 */
export const TotpQrCode = ({ uri }: { uri: string }) => {
  const [image, setImage] = useState<TImage>();

  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ toString }) => toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then(
        (svg) => {
          if (live) {
            setImage({ uri, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
          }
        },
        () => {
          if (live) {
            setImage({ uri, failed: true });
          }
        },
      );
    return () => {
      live = false;
    };
  }, [uri]);

  const shown = image?.uri === uri ? image : undefined;
  if (!shown) {
    return (
      <div className="size-44">
        <p role="status" className="sr-only">
          Drawing the QR code…
        </p>
        <Skeleton className="size-44 rounded-lg" />
      </div>
    );
  }
  if ('failed' in shown) {
    return (
      <p role="alert" className="text-sm text-red-800">
        The QR code could not be drawn: type the key below into the app instead.
      </p>
    );
  }
  return (
    <img
      src={shown.src}
      width={SIDE}
      height={SIDE}
      alt="QR code to scan with your authenticator app"
      className="rounded-lg border border-slate-200 bg-white"
    />
  );
};
