import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentPropsWithRef } from 'react';
import { cn } from '../../lib/cn';

/**
 * WAI-ARIA tabs on Radix: one tab stop, arrow keys (and Home/End) move between the tabs
 * and select the one they reach, and only the selected panel is drawn. Controlled with
 * `value` and `onValueChange`, or uncontrolled with `defaultValue`.
 *
 * ```tsx
 * <Tabs value={tab} onValueChange={setTab}>
 *   <TabsList aria-label="Data sync">
 *     <TabsTrigger value="groups">Groups</TabsTrigger>
 *   </TabsList>
 *   <TabsContent value="groups">…</TabsContent>
 * </Tabs>
 * ```
 */
export const Tabs = ({ className, ...props }: ComponentPropsWithRef<typeof TabsPrimitive.Root>) => (
  <TabsPrimitive.Root className={cn('min-w-0', className)} {...props} />
);

/** The row of tabs, underlined; it wraps on a narrow screen rather than scroll sideways. */
export const TabsList = ({
  className,
  ...props
}: ComponentPropsWithRef<typeof TabsPrimitive.List>) => (
  <TabsPrimitive.List
    className={cn('mb-4 flex flex-wrap gap-x-1 border-b border-slate-200', className)}
    {...props}
  />
);

/** One tab, 40 px high like a md button, with the buttons' 14 px text. */
export const TabsTrigger = ({
  className,
  ...props
}: ComponentPropsWithRef<typeof TabsPrimitive.Trigger>) => (
  <TabsPrimitive.Trigger
    className={cn(
      '-mb-px inline-flex h-10 items-center border-b-2 border-transparent px-4 text-sm font-medium',
      'text-slate-600 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-60',
      'data-[state=active]:border-brand-600 data-[state=active]:text-brand-700',
      'rounded-t-md focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none focus-visible:ring-inset',
      className,
    )}
    {...props}
  />
);

/** The selected tab's panel, named by its tab; focusable, so Tab reaches it after the tabs. */
export const TabsContent = ({
  className,
  ...props
}: ComponentPropsWithRef<typeof TabsPrimitive.Content>) => (
  <TabsPrimitive.Content
    className={cn(
      'rounded-lg focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none',
      className,
    )}
    {...props}
  />
);
