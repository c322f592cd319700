import * as Popover from '@radix-ui/react-popover';
import type { TClassification } from '@portal/domain/patients-api';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';

type TOrderCategoriesDropdownProps = {
  categories: readonly TClassification[];
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
};

/**
 * 'Order Categories': a checkbox list with a count badge. The chosen categories filter the
 * orders (sent as `categories`), a deliberate departure from the spec's no-op
 * (docs/decisions.md, "Order Categories filter filters").
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
        <Popover.Trigger className={buttonVariants()}>
          {/* Named 'Order Categories 2 selected' by a screen reader. */}
          Order Categories
          {selected.size > 0 && (
            <>
              {' '}
              <Badge>{selected.size}</Badge>
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
            <ul className="max-h-64 overflow-y-auto">
              {categories.map((category) => (
                <li key={category.key} className="py-1">
                  <Checkbox
                    label={category.name ?? category.key}
                    checked={selected.has(category.key)}
                    onCheckedChange={() => toggle(category.key)}
                  />
                </li>
              ))}
            </ul>
            <Button
              className="mt-3 w-full"
              disabled={selected.size === 0}
              onClick={() => onChange(new Set())}
            >
              Clear Filters
            </Button>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {selected.size > 0 && (
        <Button
          variant="ghost"
          size="icon"
          aria-label="Clear category filters"
          title="Clear category filters"
          onClick={() => onChange(new Set())}
        >
          <span aria-hidden="true">×</span>
        </Button>
      )}
    </div>
  );
};
