/** Class lists the form primitives share, so every input and button looks and focuses alike. */
export const inputClass =
  'block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-slate-100 aria-invalid:border-red-600';

export const primaryButtonClass =
  'w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-slate-400';

export const linkClass =
  'font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none';

export const labelClass = 'mb-1 block text-sm font-medium text-slate-700';
