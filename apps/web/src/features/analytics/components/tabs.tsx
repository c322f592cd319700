import { useId, type KeyboardEvent, type ReactNode } from 'react';

type TTab<T extends string> = { id: T; label: string };

/**
 * Tabs as the ARIA pattern has them: a tablist of buttons (arrow keys move between
 * them) and the chosen tab's panel, labelled by its tab.
 */
export const Tabs = <T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  size = 'large',
}: {
  label: string;
  tabs: readonly TTab<T>[];
  selected: T;
  onSelect: (tab: T) => void;
  children: ReactNode;
  size?: 'large' | 'small';
}) => {
  const base = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step !== 0) {
      const next = tabs[(index + step + tabs.length) % tabs.length]!;
      onSelect(next.id);
      document.getElementById(`${base}-${next.id}`)?.focus();
    }
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="mb-4 flex gap-1 border-b border-slate-200"
      >
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              id={`${base}-${tab.id}`}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={`${base}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`-mb-px border-b-2 px-4 ${size === 'large' ? 'py-2 text-base' : 'py-1.5 text-sm'} font-medium ${
                active
                  ? 'border-brand-600 text-brand-700'
                  : 'border-transparent text-slate-600 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-${selected}`}>
        {children}
      </div>
    </div>
  );
};
