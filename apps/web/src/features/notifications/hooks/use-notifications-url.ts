import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type TNotificationsView = 'all' | 'unread';

const readPage = (text: string | null) => {
  const page = Number(text);
  return Number.isInteger(page) && page > 1 ? page : 1;
};

/**
 * The list's filter and page in the address (/notifications?view=unread&page=2), so Back
 * returns to them and a reload keeps them; `open` is the id a notification mail's link names.
 */
export const useNotificationsUrl = () => {
  const [params, setParams] = useSearchParams();
  const view: TNotificationsView = params.get('view') === 'unread' ? 'unread' : 'all';
  const page = readPage(params.get('page'));
  const openId = params.get('open');

  const show = useCallback(
    (next: { view?: TNotificationsView; page?: number }, options: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const query = new URLSearchParams();
          const nextView = next.view ?? (current.get('view') === 'unread' ? 'unread' : 'all');
          const nextPage = next.page ?? (next.view ? 1 : readPage(current.get('page')));
          if (nextView === 'unread') {
            query.set('view', 'unread');
          }
          if (nextPage > 1) {
            query.set('page', String(nextPage));
          }
          return query;
        },
        { replace: options.replace ?? false, preventScrollReset: true },
      ),
    [setParams],
  );

  return { view, page, openId, show };
};
