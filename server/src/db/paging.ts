/**
 * Paged lists with their total in the same statement (000 §7: list data `{list, count}`). A page's
 * statement selects `windowTotal()` as `total`: every row carries the number of rows over all
 * pages. A page past the last comes back empty and so without the total; `readPage` then reads the
 * first row of the same statement, whose `total` is the count.
 */
import { sql } from 'drizzle-orm';

/** A page request: `page` from 1, `pageSize` rows per page. */
export interface Paging {
  page: number;
  pageSize: number;
}

/**
 * The rows a page statement is asked for: at most `limit`, after skipping `offset`. A prepared
 * statement takes them as the placeholders `limit` and `offset`.
 */
export type PageWindow = { limit: number; offset: number };

/**
 * SQL: the number of rows the statement's FROM and WHERE give before LIMIT and OFFSET
 * (`count(*) over()`), as a number. Select it as `total`, aliased (`.as('total')`) inside a subquery.
 */
export function windowTotal() {
  return sql<number>`count(*) over()`.mapWith(Number);
}

/**
 * The page `paging` of `read` and the total over all pages. `read(window)` runs the page
 * statement for `window`; its rows carry `total` (`windowTotal`), which is taken off them. One
 * statement; two when a page past the last comes back empty (the recount reads `{limit: 1,
 * offset: 0}` of the same statement, so the count always agrees with the pages).
 */
export async function readPage<R extends { total: number }>(
  paging: Paging,
  read: (window: PageWindow) => Promise<R[]>,
): Promise<{ rows: Omit<R, 'total'>[]; count: number }> {
  const rows = await read({ limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize });
  if (rows.length === 0 && paging.page > 1) {
    const [first] = await read({ limit: 1, offset: 0 });
    return { rows: [], count: first?.total ?? 0 };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), count: rows[0]?.total ?? 0 };
}
