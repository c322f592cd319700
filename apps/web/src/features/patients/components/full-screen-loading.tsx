/** The screen before anything is known: 'Loading Patient Data' (core.md section 2). */
export const FullScreenLoading = () => (
  <div
    role="status"
    aria-live="polite"
    className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-center"
  >
    <span
      aria-hidden="true"
      className="size-12 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
    />
    <p className="text-lg font-semibold text-slate-900">Loading Patient Data</p>
    <p className="text-sm text-slate-600">Fetching patient information and orders...</p>
  </div>
);
