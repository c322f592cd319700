import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCatalogueResponse } from '@portal/domain/data-sync-catalogue-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

/**
 * Not under the console's root key: a start, a cancel or a save refreshes everything under
 * it, and the catalogue changes only with the warehouse's schema.
 */
export const CATALOGUE_KEY = ['data-sync-catalogue'] as const;

/** The warehouse's tables and columns, and every sync destination's columns (admins only). */
export const getCatalogue = () => api.get('/api/data-sync/tables', { schema: ZCatalogueResponse });

export const getCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: CATALOGUE_KEY,
    queryFn: getCatalogue,
    retry: retryUnlessClientError,
    // Discovering a Snowflake schema takes seconds; it is read once per editing session.
    staleTime: 30 * 60_000,
  });

export const useCatalogue = () => useQuery(getCatalogueQueryOptions());
