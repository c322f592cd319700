import type { ReactNode } from 'react';

/** The centred card the public auth screens share. */
export const AuthCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <main className="flex min-h-screen items-center justify-center px-4 py-10">
    <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
      <p className="mb-1 text-sm font-semibold tracking-wide text-brand-600 uppercase">
        Supplier Portal
      </p>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  </main>
);
