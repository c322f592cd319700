import { cva } from 'class-variance-authority';
import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';

/**
 * The status colours of the spec, and no others (ux.md: colour always means state):
 * green done or fine, blue on its way, amber in progress or due soon, red needs action or
 * failed, grey anything else. Light fill, dark text: each pair passes WCAG AA at 12 px.
 */
export const badgeVariants = cva(
  'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      tone: {
        green: 'bg-green-100 text-green-800',
        blue: 'bg-blue-100 text-blue-800',
        amber: 'bg-amber-100 text-amber-900',
        red: 'bg-red-100 text-red-800',
        grey: 'bg-slate-100 text-slate-700',
      },
    },
    defaultVariants: { tone: 'grey' },
  },
);

export type TBadgeTone = 'green' | 'blue' | 'amber' | 'red' | 'grey';

export const BADGE_TONES: readonly TBadgeTone[] = ['green', 'blue', 'amber', 'red', 'grey'];

type TBadgeProps = ComponentPropsWithRef<'span'> & { tone?: TBadgeTone };

/**
 * A status as a word in a coloured pill. The word carries the meaning; the colour only
 * repeats it, so a status is never told by colour alone.
 */
export const Badge = ({ tone, className, ...props }: TBadgeProps) => (
  <span className={cn(badgeVariants({ tone }), className)} {...props} />
);
