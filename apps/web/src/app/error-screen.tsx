import { Button } from '../components/ui/button';

/** The error screen of core.md section 2. */
export const ErrorScreen = ({ message, onRetry }: { message?: string; onRetry: () => void }) => (
  <div
    role="alert"
    className="mx-auto max-w-lg rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200"
  >
    <h1 className="mb-2 text-2xl font-bold text-slate-900">Something went wrong</h1>
    <p className="mb-6 text-slate-700">{message || 'An unexpected error occurred'}</p>
    <div className="flex justify-center gap-3">
      <Button variant="primary" onClick={onRetry}>
        Retry
      </Button>
      <Button onClick={() => window.location.reload()}>Reload Page</Button>
    </div>
  </div>
);
