import { formatDate } from '@portal/domain/format';
import type { TNotificationStatsResponse } from '@portal/domain/notifications-api';
import { SkeletonTableRows } from '../../../components/ui/skeleton';
import { TBody, TD, TFoot, TH, THead, TR, Table } from '../../../components/ui/table';

export const STATS_COLUMNS = ['Day', 'In-app', 'Emailed', 'Failed', 'Bounced'] as const;

/** A day's figures in the table's column order, after its day. */
export const FIGURES = ['notified', 'sent', 'failed', 'bounced'] as const;

type TProps = { stats: TNotificationStatsResponse | undefined; loading: boolean };

/** The figures per day on wider screens (md and up), newest first, totals under them. */
export const StatsTable = ({ stats, loading }: TProps) => (
  <Table responsive aria-busy={loading || undefined}>
    <caption className="sr-only">Notifications per day, newest first</caption>
    <THead>
      <TR>
        {STATS_COLUMNS.map((column, index) => (
          <TH key={column} numeric={index > 0}>
            {column}
          </TH>
        ))}
      </TR>
    </THead>
    <TBody>
      {loading || !stats ? (
        <SkeletonTableRows
          columns={STATS_COLUMNS}
          rows={7}
          label="Loading notification statistics..."
        />
      ) : (
        newestFirst(stats.days).map((day) => (
          <TR key={day.day} data-testid="stats-row">
            <TH scope="row" className="whitespace-nowrap">
              {formatDate(day.day)}
            </TH>
            {FIGURES.map((figure) => (
              <TD key={figure} numeric>
                {day[figure].toLocaleString('en-US')}
              </TD>
            ))}
          </TR>
        ))
      )}
    </TBody>
    {!loading && stats && (
      <TFoot>
        <TR>
          <TH scope="row">Total</TH>
          {FIGURES.map((figure) => (
            <TD key={figure} numeric>
              {stats.totals[figure].toLocaleString('en-US')}
            </TD>
          ))}
        </TR>
      </TFoot>
    )}
  </Table>
);

/** The days newest first, whatever order the answer has them in. */
export const newestFirst = <T extends { day: string }>(days: readonly T[]) =>
  [...days].sort((a, b) => b.day.localeCompare(a.day));
