const secondaryButtonClass =
  'rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none';

/** The error screen of core.md section 2. */
export const ErrorScreen = ({ message, onRetry }: { message?: string; onRetry: () => void }) => (
  <div
    role="alert"
    className="mx-auto max-w-lg rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200"
  >
    <h1 className="mb-2 text-2xl font-bold text-slate-900">Something went wrong</h1>
    <p className="mb-6 text-slate-700">{message || 'An unexpected error occurred'}</p>
    <div className="flex justify-center gap-3">
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        Retry
      </button>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className={secondaryButtonClass}
      >
        Reload Page
      </button>
    </div>
  </div>
);
