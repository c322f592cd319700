import { useEffect, useRef, useState } from 'react';

/** How long the star spins after a click (core.md section 9). */
export const FAVORITE_SPIN_MS = 600;

type TFavoriteButtonProps = {
  patientName: string;
  isFavorite: boolean;
  onToggle: () => void;
  disabled?: boolean;
};

/** The star toggle of a patient row: pressed when the patient is a favourite. */
export const FavoriteButton = ({
  patientName,
  isFavorite,
  onToggle,
  disabled = false,
}: TFavoriteButtonProps) => {
  const [spinning, setSpinning] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const click = () => {
    setSpinning(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setSpinning(false), FAVORITE_SPIN_MS);
    onToggle();
  };

  return (
    <button
      type="button"
      aria-pressed={isFavorite}
      aria-label={
        isFavorite ? `Remove ${patientName} from favorites` : `Add ${patientName} to favorites`
      }
      data-spinning={spinning || undefined}
      disabled={disabled}
      onClick={click}
      className="rounded-full p-1.5 hover:bg-amber-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none disabled:opacity-50"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className={`size-5 ${isFavorite ? 'fill-amber-500 stroke-amber-600' : 'fill-none stroke-slate-500'} ${
          // A full turn that snaps back unseen: no keyframes needed.
          spinning ? 'rotate-[360deg] transition-transform duration-[600ms] ease-in-out' : ''
        }`}
        strokeWidth="1.5"
      >
        <path d="M10 1.8l2.5 5.1 5.6.8-4 4 1 5.6-5.1-2.7-5 2.7 1-5.6-4.1-4 5.6-.8z" />
      </svg>
    </button>
  );
};
