import type { TClassification } from '@portal/domain/patients-api';
import {
  SORT_DIRECTIONS,
  WORKLIST_SORTS,
  WORKLIST_SORT_LABELS,
  type TSortDirection,
  type TWorklistSort,
} from '@portal/domain/worklist-api';
import { Label } from '../../../../components/ui/field';
import { Select } from '../../../../components/ui/select';
import { MIN_DAYS_CHOICES, type TWorklistState } from '../lib/worklist-url-state';
import { WorklistSearchBox } from './worklist-search-box';

type TWorklistFiltersProps = {
  state: TWorklistState;
  categories: readonly TClassification[];
  onCategories: (categories: readonly string[]) => void;
  onMinDays: (minDays: number | undefined) => void;
  onSearch: (search: string, typing: boolean) => void;
  onSort: (sort: TWorklistSort, dir: TSortDirection) => void;
};

const DIRECTION_WORDS: Record<TWorklistSort, Record<TSortDirection, string>> = {
  age: { desc: 'longest first', asc: 'shortest first' },
  patient: { asc: 'A to Z', desc: 'Z to A' },
  date: { desc: 'newest first', asc: 'oldest first' },
};

const SEVERAL = '__several__';

/** Category, age and search; on a phone (no column headings) the sort as well. */
export const WorklistFilters = ({
  state,
  categories,
  onCategories,
  onMinDays,
  onSearch,
  onSort,
}: TWorklistFiltersProps) => {
  const [onlyCategory] = state.categories;
  const categoryValue =
    state.categories.length > 1 ? SEVERAL : onlyCategory === undefined ? '' : onlyCategory;
  // A pasted link may name an age or a category the lists do not offer: it stays choosable.
  const dayChoices = [...new Set([...MIN_DAYS_CHOICES, state.minDays ?? MIN_DAYS_CHOICES[0]])];
  const known = new Set(categories.map((category) => category.key));
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,2fr)]">
      <div className="min-w-0">
        <Label htmlFor="worklist-category">Category</Label>
        <Select
          id="worklist-category"
          value={categoryValue}
          onChange={(event) =>
            event.target.value !== SEVERAL &&
            onCategories(event.target.value === '' ? [] : [event.target.value])
          }
        >
          <option value="">All categories</option>
          {state.categories.length > 1 ? (
            <option value={SEVERAL}>{state.categories.length} categories</option>
          ) : null}
          {onlyCategory !== undefined &&
          state.categories.length === 1 &&
          !known.has(onlyCategory) ? (
            <option value={onlyCategory}>{onlyCategory}</option>
          ) : null}
          {categories.map((category) => (
            <option key={category.key} value={category.key}>
              {category.name ?? category.key}
            </option>
          ))}
        </Select>
      </div>
      <div className="min-w-0">
        <Label htmlFor="worklist-min-days">Waiting more than</Label>
        <Select
          id="worklist-min-days"
          value={state.minDays === undefined ? '' : String(state.minDays)}
          onChange={(event) =>
            onMinDays(event.target.value === '' ? undefined : Number(event.target.value))
          }
        >
          <option value="">Any number of days</option>
          {dayChoices
            .sort((a, b) => a - b)
            .map((days) => (
              <option key={days} value={days}>
                {days === 1 ? '1 day' : `${days} days`}
              </option>
            ))}
        </Select>
      </div>
      <div className="min-w-0 sm:col-span-2 lg:col-span-1">
        <WorklistSearchBox value={state.search} onSearch={onSearch} />
      </div>
      <div className="min-w-0 md:hidden">
        <Label htmlFor="worklist-sort">Sort by</Label>
        <Select
          id="worklist-sort"
          value={`${state.sort}:${state.dir}`}
          onChange={(event) => {
            const [sort, dir] = event.target.value.split(':') as [TWorklistSort, TSortDirection];
            onSort(sort, dir);
          }}
        >
          {WORKLIST_SORTS.flatMap((sort) =>
            SORT_DIRECTIONS.map((dir) => (
              <option key={`${sort}:${dir}`} value={`${sort}:${dir}`}>
                {WORKLIST_SORT_LABELS[sort]}, {DIRECTION_WORDS[sort][dir]}
              </option>
            )),
          )}
        </Select>
      </div>
    </div>
  );
};
