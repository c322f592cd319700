import { ORDER_VIEW_LABELS } from '@portal/domain/order-progress';
import { useState } from 'react';
import { ErrorState } from '../../../../components/ui/error-state';
import { PageHeading } from '../../../../components/ui/page-heading';
import { Panel } from '../../../../components/ui/panel';
import { cn } from '../../../../lib/cn';
import { useOrderCategories } from '../../api/get-order-categories';
import { OrderViewFilter } from '../../components/order-view-filter';
import { PayorSelect } from '../../components/payor-select';
import { usePayorScope, type TStaffUser } from '../../hooks/use-payor-scope';
import { apiErrorMessage } from '../../lib/list-error';
import { useWorklist, worklistCsvUrl, worklistParams } from '../api/get-worklist';
import { useSidePanelScreen } from '../hooks/use-side-panel-screen';
import { useWorklistUrlState } from '../hooks/use-worklist-url-state';
import { hasFilters, withFilters, withSort, withoutFilters } from '../lib/worklist-url-state';
import { WorklistExport } from './worklist-export';
import { WorklistFilters } from './worklist-filters';
import { WorklistOrderPanel } from './worklist-order-panel';
import { WorklistResults } from './worklist-results';
import { ORDER_LINK_ATTRIBUTE } from './worklist-row-parts';

/** Gives focus back to the row's link that opened an order, once the order has closed. */
const focusOrderLink = (soNumber: string) => {
  window.requestAnimationFrame(() => {
    const links = [...document.querySelectorAll<HTMLElement>(`[${ORDER_LINK_ATTRIBUTE}]`)].filter(
      (link) => link.getAttribute(ORDER_LINK_ATTRIBUTE) === soNumber,
    );
    // The table's or the card's, whichever the screen shows.
    (links.find((link) => link.getClientRects().length > 0) ?? links[0])?.focus();
  });
};

/**
 * /worklist: every order of the payor's patients in one list, worked through by view, age,
 * category and search, each order opening beside the list. All of it lives in the URL.
 */
export const WorklistPage = ({ user }: { user: TStaffUser }) => {
  const { state, update, hrefFor } = useWorklistUrlState();
  // An admin's payor is part of the address; staff always see their own.
  const scope = usePayorScope(user, {
    payorKey: state.payor,
    onChoose: (payor) => update((current) => withFilters(current, { payor })),
  });
  const payorKey = scope.payorKey;
  const params = payorKey === undefined ? undefined : worklistParams(payorKey, state);
  const worklist = useWorklist(params);
  const categories = useOrderCategories();
  const side = useSidePanelScreen() !== false;
  // A row opened the order (not a pasted link): focus follows it to the order's heading.
  const [openedFromRow, setOpenedFromRow] = useState(false);

  const openOrder = (soNumber: string) => {
    setOpenedFromRow(true);
    update((current) => ({ ...current, order: soNumber }));
  };
  const closeOrder = () => {
    const soNumber = state.order;
    update((current) => ({ ...current, order: undefined }));
    if (soNumber) {
      focusOrderLink(soNumber);
    }
  };

  if (scope.error !== undefined) {
    return (
      <>
        <PageHeading title="Worklist" />
        <ErrorState title="The worklist cannot be shown" message={scope.error} />
      </>
    );
  }
  const data = worklist.data;
  const splitOpen = side && state.order !== undefined;
  return (
    <>
      <PageHeading title="Worklist" />
      <PayorSelect scope={scope} />
      <Panel aria-label="Worklist filters" className="mb-6 space-y-4">
        <OrderViewFilter
          view={state.view}
          subStatus={state.subStatus}
          counts={data?.view_counts}
          onViewChange={(view) => update((current) => withFilters(current, { view }))}
          onSubStatusChange={(subStatus) =>
            update((current) => withFilters(current, { subStatus }))
          }
        />
        <WorklistFilters
          state={state}
          categories={categories.data ?? []}
          onCategories={(keys) => update((current) => withFilters(current, { categories: keys }))}
          onMinDays={(minDays) => update((current) => withFilters(current, { minDays }))}
          onSearch={(search, typing) =>
            update((current) => withFilters(current, { search }), {
              replace: typing && state.search !== '',
            })
          }
          onSort={(sort, dir) => update((current) => ({ ...current, sort, dir, page: 1 }))}
        />
      </Panel>
      <div
        className={cn(
          splitOpen &&
            'xl:grid xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] 2xl:grid-cols-[minmax(0,1fr)_minmax(0,32rem)] xl:items-start xl:gap-6',
        )}
      >
        <Panel aria-labelledby="worklist-list-title" className="min-w-0">
          <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id="worklist-list-title" className="text-lg font-semibold text-slate-900">
                {ORDER_VIEW_LABELS[state.view]}
              </h2>
              <p className="text-sm text-slate-600" aria-live="polite">
                {data ? `${data.total.toLocaleString('en-US')} orders` : 'Loading orders…'}
              </p>
            </div>
            {params ? <WorklistExport href={worklistCsvUrl(params)} total={data?.total} /> : null}
          </div>
          <WorklistResults
            data={data}
            pending={worklist.isPending}
            refreshing={worklist.isPlaceholderData}
            error={
              worklist.isError ? apiErrorMessage(worklist.error, 'Please try again.') : undefined
            }
            onRetry={() => void worklist.refetch()}
            retrying={worklist.isFetching}
            onClearFilters={hasFilters(state) ? () => update(withoutFilters) : undefined}
            onPageChange={(page) => update((current) => ({ ...current, page }))}
            sort={state.sort}
            dir={state.dir}
            onSort={(sort) => update((current) => withSort(current, sort))}
            openOrder={state.order}
            hrefFor={(soNumber) => hrefFor({ ...state, order: soNumber })}
            onOpen={openOrder}
            compact={splitOpen}
          />
        </Panel>
        {state.order !== undefined ? (
          <WorklistOrderPanel
            key={side ? 'side' : 'sheet'}
            soNumber={state.order}
            placement={side ? 'side' : 'sheet'}
            onClose={closeOrder}
            focusOnLoad={openedFromRow}
          />
        ) : null}
      </div>
    </>
  );
};
