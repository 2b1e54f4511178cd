import type { Page, PaginationQuery } from '@app/shared';

export interface PageWindow {
  limit: number;
  offset: number;
}

/** Converts the validated `p`/`p_size` into a LIMIT/OFFSET window. */
export function pageWindow(query: PaginationQuery): PageWindow {
  return { limit: query.p_size, offset: (query.p - 1) * query.p_size };
}

/** The list envelope of the spec: `page.count` is the total number of rows across all pages. */
export function pageResponse<T>(count: number, queryset: T[]): Page<T> {
  return { code: 200, page: { count }, queryset };
}
