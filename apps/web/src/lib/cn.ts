import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class lists (strings, conditionals, arrays) and lets the later of two conflicting
 * Tailwind classes win, so a caller's `className` extends a primitive's base instead of
 * fighting it: `cn('h-10 px-4', 'px-2')` is 'h-10 px-2'.
 */
export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs));
