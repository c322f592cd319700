import type { TReorderResponse } from '@portal/domain/analytics';
import { formatDays } from '@portal/domain/format';
import { categoryLabel } from '../lib/display';
import { CategoryBars, ChartBox } from './lazy-bar-charts';

/** Average reorder days against patient count per category, most patients first, and detail cards. */
export const ReorderCategories = ({
  categories,
}: {
  categories: TReorderResponse['category_patterns'];
}) => {
  const rows = Object.entries(categories)
    .map(([category, figures]) => ({ category: categoryLabel(category), ...figures }))
    .sort((a, b) => b.patient_count - a.patient_count || a.category.localeCompare(b.category));
  if (rows.length === 0) {
    return (
      <p className="text-sm text-slate-600">No category has repeat orders in the last 180 days.</p>
    );
  }
  return (
    <div className="space-y-4">
      <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <figcaption className="mb-3 font-semibold text-slate-900">
          Reorder Cycle by Category
        </figcaption>
        <ChartBox className="h-80" testId="category-chart" chart={<CategoryBars rows={rows} />} />
        {/* Wrapped: a table keeps its content width whatever its own class says, so a
            screen-reader-only table widened the page on a phone (issue 29). */}
        <div className="sr-only">
          <table>
            <caption>Reorder cycle by category</caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Average reorder days</th>
                <th scope="col">Patients</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.category}>
                  <th scope="row">{row.category}</th>
                  <td>{row.avg_reorder_days}</td>
                  <td>{row.patient_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {rows.map((row) => (
          <div
            key={row.category}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          >
            <h3 className="font-semibold text-slate-900">{row.category}</h3>
            <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
              <dt className="text-slate-600">Avg cycle</dt>
              <dd>{formatDays(row.avg_reorder_days)}</dd>
              <dt className="text-slate-600">Min cycle</dt>
              <dd>{formatDays(row.min_reorder_days)}</dd>
              <dt className="text-slate-600">Max cycle</dt>
              <dd>{formatDays(row.max_reorder_days)}</dd>
              <dt className="text-slate-600">Patients</dt>
              <dd>{row.patient_count.toLocaleString('en-US')}</dd>
            </dl>
          </div>
        ))}
      </div>
    </div>
  );
};
