import type { ReactNode } from 'react';

/** One card of the profile screen, named by its heading for assistive technology. */
export const ProfileSection = ({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) => (
  <section
    aria-labelledby={`${id}-title`}
    className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
  >
    <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
      {title}
    </h2>
    {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
    <div className="mt-4">{children}</div>
  </section>
);
