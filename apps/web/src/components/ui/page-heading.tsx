import { useEffect } from 'react';

/** The page's h1, also written to the document title so tabs and history read well. */
export const PageHeading = ({ title }: { title: string }) => {
  useEffect(() => {
    document.title = `${title} · Supplier Portal`;
  }, [title]);
  return <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>;
};
