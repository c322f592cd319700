import type { ReactNode, Ref } from 'react';

const tones = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-brand-600/20 bg-brand-50 text-brand-700',
} as const;

type TAlertProps = {
  tone: keyof typeof tones;
  children: ReactNode;
  /** For a screen that moves the focus to the message (which then takes programmatic focus). */
  ref?: Ref<HTMLDivElement>;
};

/** A message banner; errors interrupt screen readers, other news waits politely. */
export const Alert = ({ tone, children, ref }: TAlertProps) => (
  <div
    ref={ref}
    tabIndex={ref ? -1 : undefined}
    role={tone === 'error' ? 'alert' : 'status'}
    className={`mb-4 rounded-lg border px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${tones[tone]}`}
  >
    {children}
  </div>
);
