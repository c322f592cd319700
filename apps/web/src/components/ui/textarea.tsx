import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';
import { controlClass } from './input';

/** A multi-line input with the inputs' look; at least four lines high, taller by `rows`. */
export const Textarea = ({ className, rows = 4, ...props }: ComponentPropsWithRef<'textarea'>) => (
  <textarea rows={rows} className={cn(controlClass, 'min-h-24 px-3 py-2', className)} {...props} />
);
