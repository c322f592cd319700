/** Class lists of the data-sync screens, matching the document and audit screens' look. */
const focusRing = 'focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none';

export const buttonClass = `inline-flex items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

export const dangerButtonClass = `inline-flex items-center justify-center gap-1.5 rounded-lg border border-red-300 bg-white px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

// aria-disabled looks like disabled but keeps focus on the button (Start Sync while it starts),
// so a dialog the run opens later can hand focus back to it.
export const primaryButtonClass = `inline-flex items-center justify-center gap-1.5 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-400 ${focusRing} focus-visible:ring-offset-2`;

export const linkButtonClass = `rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline ${focusRing}`;

export const panelClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6';

export const tableClass = 'w-full border-collapse text-left text-sm';
export const thClass =
  'border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase';
export const tdClass = 'border-b border-slate-100 px-3 py-2 align-top text-slate-800';

export const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';

export const cardListClass = 'space-y-3 md:hidden';
export const cardClass = 'rounded-xl border border-slate-200 p-3 text-sm';
