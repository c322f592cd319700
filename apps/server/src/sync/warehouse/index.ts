import { openDuckDbWarehouse } from './duckdb';
import { openSnowflakeWarehouse } from './snowflake';
import type { TConfig } from '../../config';
import type { TWarehouse, TWarehouseOptions } from './types';

export const isSnowflakeUrl = (url: string) => /^snowflake:\/\//i.test(url);

/** The warehouse a WAREHOUSE_URL names: snowflake://… or a DuckDB file path. */
export const openWarehouse = (url: string, options: TWarehouseOptions = {}): Promise<TWarehouse> =>
  isSnowflakeUrl(url) ? openSnowflakeWarehouse(url, options) : openDuckDbWarehouse(url, options);

/** The configured warehouse, with the configured limits (WAREHOUSE_* settings). */
export const openConfiguredWarehouse = (
  config: Pick<TConfig, 'warehouseUrl' | 'warehouseStatementTimeoutMs' | 'warehouseMemoryMb'>,
): Promise<TWarehouse> =>
  openWarehouse(config.warehouseUrl, {
    statementTimeoutMs: config.warehouseStatementTimeoutMs,
    memoryLimitMb: config.warehouseMemoryMb,
  });
