import type { ReactNode } from 'react';
import { ListStatus } from './list-status.component.tsx';
import { Pager } from './pager.component.tsx';

/** The part of a page query the records lists read. */
export interface RowsPageQuery<Row> {
  data?: { rows: Row[]; count: number };
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface PagedRowsProps<Row> {
  query: RowsPageQuery<Row>;
  /** What the console names a failed load. */
  label: string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  testId: string;
  children: (rows: Row[]) => ReactNode;
}

/** One page of a records list: its rows, or what shows instead (loading, failure, empty), then the pager. */
export function PagedRows<Row>({
  query,
  label,
  page,
  pageSize,
  onPage,
  testId,
  children,
}: PagedRowsProps<Row>) {
  return (
    <>
      {query.data && query.data.rows.length > 0 ? children(query.data.rows) : null}
      <ListStatus
        label={label}
        pending={query.isPending}
        error={query.data ? null : query.error}
        empty={query.data?.rows.length === 0}
        onRetry={() => void query.refetch()}
      />
      <Pager page={page} count={query.data?.count ?? 0} pageSize={pageSize} onPage={onPage} testId={testId} />
    </>
  );
}
