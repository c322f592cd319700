import * as Popover from '@radix-ui/react-popover';
import type { TClassification } from '@portal/domain/patients-api';
import { buttonClass } from '../lib/ui-classes';

type TOrderCategoriesDropdownProps = {
  categories: readonly TClassification[];
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
};

/**
 * 'Order Categories': a checkbox list with a count badge. The spec makes category
 * filtering of orders a no-op; the server applies the user's saved classifications.
 */
export const OrderCategoriesDropdown = ({
  categories,
  selected,
  onChange,
}: TOrderCategoriesDropdownProps) => {
  const toggle = (key: string) => {
    const next = new Set(selected);
    if (!next.delete(key)) {
      next.add(key);
    }
    onChange(next);
  };
  return (
    <div className="flex items-center gap-1">
      <Popover.Root>
        <Popover.Trigger className={buttonClass}>
          {/* Named 'Order Categories 2 selected' by a screen reader. */}
          Order Categories
          {selected.size > 0 && (
            <>
              {' '}
              <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                {selected.size}
              </span>
              <span className="sr-only"> selected</span>
            </>
          )}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            aria-label="Order Categories"
            className="z-30 w-72 rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200 focus:outline-none"
          >
            <p className="mb-2 text-sm font-semibold text-slate-900">Filter orders by category</p>
            <ul className="max-h-64 space-y-1 overflow-y-auto">
              {categories.map((category) => (
                <li key={category.key}>
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={selected.has(category.key)}
                      onChange={() => toggle(category.key)}
                    />
                    {category.name ?? category.key}
                  </label>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className={`${buttonClass} mt-3 w-full`}
              disabled={selected.size === 0}
              onClick={() => onChange(new Set())}
            >
              Clear Filters
            </button>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {selected.size > 0 && (
        <button
          type="button"
          aria-label="Clear category filters"
          title="Clear category filters"
          className="rounded-full p-1 text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          onClick={() => onChange(new Set())}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
};
