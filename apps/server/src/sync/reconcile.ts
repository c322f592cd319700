import { formatChecksum, type TChecksum } from './checksum';
import type { TDestinationState } from './load/types';

export type TReconciliation = {
  sourceCount: number;
  destinationCount: number;
  sourceChecksum: string;
  destinationChecksum: string | undefined;
};

/** Thrown when the destination does not hold what the warehouse sent; the load is rolled back. */
export class ReconciliationError extends Error {
  override name = 'ReconciliationError';
  constructor(
    message: string,
    readonly reconciliation: TReconciliation,
  ) {
    super(message);
  }
}

/**
 * Compares the warehouse's own row count, the rows streamed (with their
 * checksum) and what the destination holds after the load. Throws on any
 * difference; returns the figures the job stores otherwise.
 */
export const reconcile = (options: {
  table: string;
  warehouseCount: number;
  source: TChecksum;
  destination: TDestinationState;
}): TReconciliation => {
  const { table, warehouseCount, source, destination } = options;
  const figures: TReconciliation = {
    sourceCount: warehouseCount,
    destinationCount: destination.count,
    sourceChecksum: formatChecksum(source),
    destinationChecksum: destination.checksum ? formatChecksum(destination.checksum) : undefined,
  };
  if (source.rows !== warehouseCount) {
    throw new ReconciliationError(
      `Reconciliation failed for ${table}: the warehouse counts ${warehouseCount} rows but ${source.rows} were streamed`,
      figures,
    );
  }
  if (destination.count !== warehouseCount) {
    throw new ReconciliationError(
      `Reconciliation failed for ${table}: source has ${warehouseCount} rows, destination has ${destination.count}`,
      figures,
    );
  }
  if (
    figures.destinationChecksum !== undefined &&
    figures.destinationChecksum !== figures.sourceChecksum
  ) {
    throw new ReconciliationError(
      `Reconciliation failed for ${table}: content checksum differs (source ${figures.sourceChecksum}, destination ${figures.destinationChecksum})`,
      figures,
    );
  }
  return figures;
};
