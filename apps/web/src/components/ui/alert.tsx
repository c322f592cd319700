import type { ReactNode } from 'react';

const tones = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-brand-600/20 bg-brand-50 text-brand-700',
} as const;

/** A message banner; errors interrupt screen readers, other news waits politely. */
export const Alert = ({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) => (
  <div
    role={tone === 'error' ? 'alert' : 'status'}
    className={`mb-4 rounded-lg border px-3 py-2 text-sm ${tones[tone]}`}
  >
    {children}
  </div>
);
