export const Spinner = ({ label }: { label: string }) => (
  <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 py-12">
    <span
      aria-hidden="true"
      className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
    />
    <span className="text-sm text-slate-600">{label}</span>
  </div>
);
