import type { ReactNode, Ref } from 'react';

type TAuthCardProps = {
  title: string;
  children: ReactNode;
  /** For a screen that moves the focus to its heading (which then takes programmatic focus). */
  headingRef?: Ref<HTMLHeadingElement>;
};

/** The centred card the public auth screens share. */
export const AuthCard = ({ title, children, headingRef }: TAuthCardProps) => (
  <main className="flex min-h-screen items-center justify-center px-4 py-10">
    <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
      <p className="mb-1 text-sm font-semibold tracking-wide text-brand-600 uppercase">
        Supplier Portal
      </p>
      <h1
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="mb-6 text-2xl font-bold text-slate-900 focus:outline-none"
      >
        {title}
      </h1>
      {children}
    </div>
  </main>
);
