import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type TTab<T extends string> = { id: T; label: string };

type TTabsProps<T extends string> = {
  label: string;
  tabs: readonly TTab<T>[];
  selected: T;
  onSelect: (id: T) => void;
  children: ReactNode;
};

const tabClass = (active: boolean) =>
  `-mb-px border-b-2 px-4 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none ${
    active
      ? 'border-brand-600 text-brand-700'
      : 'border-transparent text-slate-600 hover:text-slate-900'
  }`;

/**
 * WAI-ARIA tabs: one tab stop, arrows (and Home/End) move and select, the panel
 * follows. Only the selected panel is drawn.
 */
export const Tabs = <T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: TTabsProps<T>) => {
  const base = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const tab = next === undefined ? undefined : tabs[next];
    if (tab) {
      event.preventDefault();
      onSelect(tab.id);
      refs.current.get(tab.id)?.focus();
    }
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="mb-4 flex flex-wrap border-b border-slate-200"
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) {
                refs.current.set(tab.id, node);
              }
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            className={tabClass(tab.id === selected)}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${selected}`}
        aria-labelledby={`${base}-tab-${selected}`}
        tabIndex={0}
        className="focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        {children}
      </div>
    </div>
  );
};
