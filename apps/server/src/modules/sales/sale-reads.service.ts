import { toPage, type TPage, type TSale, type TSaleSummary, type ZSalesListQuery } from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/guard.js';
import { totalShownByPage } from '../../platform/db/list-paging.js';
import { inTenant } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import { loyaltyOfSales } from '../loyalty/sale-points.service.js';
import { toSale, toSaleSummary } from './sale-mapper.js';
import type { SalesDeps } from './sales.deps.js';
import { countSales, findSale, findSaleLines, findSalePage } from './sales.repository.js';

/** Reads of sales (`sales:read`): one sale with its lines, and the list paged in SQL. */

type SalesListQuery = z.output<typeof ZSalesListQuery>;

/** One sale or refund; with `storeId`, 404 unless it was made at that store. */
export async function getSale(
  deps: SalesDeps,
  principal: Principal,
  id: string,
  options: { storeId?: string } = {},
): Promise<TSale> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await findSale(scope, id);
    if (!row || (options.storeId !== undefined && row.storeId !== options.storeId.toLowerCase()))
      throw new AppError('NOT_FOUND', 'The sale was not found.');
    const loyalty = await loyaltyOfSales(scope, [row.id]);
    return toSale(row, await findSaleLines(scope, id), loyalty.get(row.id) ?? null);
  });
}

/** A page of sales, newest first; the count runs only when the page cannot tell it. */
export async function listSales(
  deps: SalesDeps,
  principal: Principal,
  query: SalesListQuery,
): Promise<TPage<TSaleSummary>> {
  const filter = {
    storeId: query.storeId,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    kind: query.kind,
  };
  const offset = query.page * query.size;
  return inTenant(deps.db, principal, async (scope) => {
    const rows = await findSalePage(scope, filter, { limit: query.size, offset });
    const total = totalShownByPage(rows.length, query) ?? (await countSales(scope, filter));
    const loyalty = await loyaltyOfSales(
      scope,
      rows.map((row) => row.id),
    );
    return toPage(
      rows.map((row) => toSaleSummary(row, loyalty.get(row.id) ?? null)),
      query,
      total,
    );
  });
}
