import {
  Children,
  cloneElement,
  isValidElement,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { cn } from '../../lib/cn';

type TProps = HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> };

const setRef = (ref: unknown, node: HTMLElement | null) => {
  if (typeof ref === 'function') {
    (ref as (node: HTMLElement | null) => void)(node);
  } else if (ref && typeof ref === 'object' && 'current' in ref) {
    (ref as { current: HTMLElement | null }).current = node;
  }
};

const isHandler = (key: string, value: unknown): value is (...args: unknown[]) => void =>
  /^on[A-Z]/.test(key) && typeof value === 'function';

/**
 * The slot's props over the child's: the child's win, except that class names are joined,
 * styles merged, both event handlers run (the child's first) and both refs are set.
 */
const mergeProps = (slot: Record<string, unknown>, own: Record<string, unknown>) => {
  const merged: Record<string, unknown> = { ...slot, ...own };
  for (const [key, theirs] of Object.entries(slot)) {
    const mine = own[key];
    if (isHandler(key, theirs) && isHandler(key, mine)) {
      merged[key] = (...args: unknown[]) => {
        mine(...args);
        theirs(...args);
      };
    }
  }
  merged.className = cn(slot.className as string | undefined, own.className as string | undefined);
  merged.style = { ...(slot.style as object | undefined), ...(own.style as object | undefined) };
  if (slot.ref && own.ref) {
    merged.ref = (node: HTMLElement | null) => {
      setRef(slot.ref, node);
      setRef(own.ref, node);
    };
  }
  return merged;
};

/**
 * What `asChild` renders: its props go onto its one child element (see `mergeProps`).
 * Radix's Slot does the same; this one keeps `Button` free of Radix, whose code is a chunk
 * of its own that no screen's start should need (vite.config.ts).
 */
export const Slot = ({ children, ...slotProps }: TProps & { children?: ReactNode }) => {
  const child = Children.only(children);
  return isValidElement<TProps>(child)
    ? cloneElement(child, mergeProps(slotProps, child.props as Record<string, unknown>))
    : null;
};
