import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';

/**
 * What every text-taking control shares (input, select, textarea): border, focus glow,
 * invalid and disabled looks, and 16 px text on phones (iOS zooms into anything smaller on
 * focus) that becomes 14 px, the buttons' size, from the md breakpoint up.
 */
export const controlClass = [
  'block w-full rounded-lg border border-slate-300 bg-white text-base text-slate-900 shadow-xs md:text-sm',
  'placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none',
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600',
  'aria-invalid:border-red-600 aria-invalid:focus:ring-red-600/30',
].join(' ');

/** The controls' one height: 40 px, as a md button. */
export const CONTROL_HEIGHT = 'h-10';

/** A single-line input, 40 px high. Labels and errors come from `Field`. */
export const Input = ({ className, ...props }: ComponentPropsWithRef<'input'>) => (
  <input className={cn(controlClass, CONTROL_HEIGHT, 'px-3', className)} {...props} />
);
