import { useEffect, useState, type ReactNode } from 'react';

/** The public screens' entrance (core.md section 2: a fade/scale transition, 600 ms flag timer). */
export const TRANSITION_MS = 600;

export const FadeScaleIn = ({ children }: { children: ReactNode }) => {
  const [entered, setEntered] = useState(false);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => setEntered(true));
    const timer = window.setTimeout(() => setSettled(true), TRANSITION_MS);
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  // Once settled the wrapper drops its transform, so nothing stays composited for no reason.
  const motion = entered ? 'scale-100 opacity-100' : 'scale-95 opacity-0';
  return (
    <div className={settled ? undefined : `transition-all duration-[600ms] ease-out ${motion}`}>
      {children}
    </div>
  );
};
