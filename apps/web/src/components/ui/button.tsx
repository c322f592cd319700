import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';
import { Slot } from './slot';
import { focusRing } from './focus-ring';

/*
 * Every button's look, as data. One height per size (sm 32 px, md 40 px, icon 40 × 40 px,
 * md matching inputs and selects) and one type size (14 px). `aria-disabled` looks like
 * `disabled` but keeps the button focusable, for a button focus must come back to while it
 * waits. A link is as tall as the text around it, whatever the size.
 */
const variantTable = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-1.5 rounded-lg text-sm font-medium',
    'transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    'aria-disabled:cursor-not-allowed aria-disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
    focusRing,
  ],
  {
    variants: {
      variant: {
        /** The one main action of a screen, form or dialog. */
        primary: 'bg-brand-600 font-semibold text-white hover:bg-brand-700',
        /** Every other action: filters, refresh, cancel, row actions; `aria-pressed` toggles. */
        secondary: [
          'border border-slate-300 bg-white text-slate-800 shadow-xs hover:bg-slate-50',
          'aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700',
        ],
        /** Quiet actions inside toolbars and cards (close, icon buttons). */
        ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        /** What deletes or cannot be undone; it opens a confirm dialog first. */
        danger: 'bg-red-700 font-semibold text-white hover:bg-red-800 focus-visible:ring-red-700',
        /** A button or link that reads as a link: inline, underlined on hover. */
        link: 'text-brand-700 underline-offset-2 hover:underline',
      },
      size: {
        sm: 'h-8 px-3',
        md: 'h-10 px-4',
        icon: 'size-10',
      },
    },
    compoundVariants: [
      {
        variant: 'link',
        className:
          'inline h-auto rounded-sm p-0 text-left text-[length:inherit] leading-[inherit] focus-visible:ring-offset-0',
      },
    ],
    defaultVariants: { variant: 'secondary', size: 'md' },
  },
);

export type TButtonVariant = NonNullable<VariantProps<typeof variantTable>['variant']>;
export type TButtonSize = NonNullable<VariantProps<typeof variantTable>['size']>;

/** The class list of a variant and size, conflicts resolved (a link drops the size's height). */
export const buttonVariants = (choice: { variant?: TButtonVariant; size?: TButtonSize } = {}) =>
  cn(variantTable(choice));

export type TButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: TButtonVariant;
  size?: TButtonSize;
  /** Styles the one child element instead (a router `Link`, an `a`), keeping its semantics. */
  asChild?: boolean;
};

/**
 * A button from `buttonVariants`: secondary and md unless told otherwise, and
 * `type="button"` by default, so it never submits a form by accident (say `type="submit"`).
 */
export const Button = ({
  variant,
  size,
  asChild = false,
  className,
  type = 'button',
  ref,
  ...props
}: TButtonProps) => {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    return <Slot ref={ref} className={classes} {...props} />;
  }
  return <button ref={ref} type={type} className={classes} {...props} />;
};
