import type { ReactNode } from 'react';

/** A titled block of the patient and order details. */
export const DetailBlock = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="rounded-xl border border-slate-200 p-4">
    <h3 className="mb-2 text-sm font-semibold tracking-wide text-slate-700 uppercase">{title}</h3>
    {children}
  </section>
);

/** One labelled value inside a block. */
export const DetailField = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="mb-1.5 last:mb-0">
    <dt className="text-xs text-slate-600">{label}</dt>
    <dd className="text-sm text-slate-900">{children}</dd>
  </div>
);

/** The quiet text for something not on file. */
export const Missing = ({ children }: { children: ReactNode }) => (
  <p className="text-sm text-slate-600 italic">{children}</p>
);
