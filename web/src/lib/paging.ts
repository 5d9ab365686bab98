/**
 * List paging (000 §3, §9): list answers carry `list` and `count`; the console turns them into
 * `list`, `total`, `page` and `limit`. Pages are 1-based; page sizes are the contract's presets.
 */
import { defaultPage, defaultPageSize, type ListData, type PageSize } from '@practica/contract';
import { useCallback, useState } from 'react';

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/** 000 §3: a list answer as the console holds it. */
export function toPaged<T>(
  data: ListData<T>,
  page: number = defaultPage,
  limit: PageSize = defaultPageSize,
): Paged<T> {
  return { list: data.list, total: data.count, page, limit };
}

/** Page and page size of one list (1-based page; changing the size returns to page 1). */
export function usePaging(initialPageSize: PageSize = defaultPageSize) {
  const [page, setPage] = useState(defaultPage);
  const [pageSize, setSize] = useState<PageSize>(initialPageSize);
  const setPageSize = useCallback((size: PageSize) => {
    setSize(size);
    setPage(defaultPage);
  }, []);
  return { page, pageSize, setPage, setPageSize };
}
