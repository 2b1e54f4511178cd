import { Button, DotLoading, InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state.component.tsx';

/** The part of a paged infinite query (with its `loadMore`) the footer reads. */
export interface FeedPages {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  refetch: () => unknown;
  /** Loads the next page; rejects on failure so the infinite scroll offers a retry. */
  loadMore: () => Promise<void>;
}

export interface FeedFooterProps {
  pages: FeedPages;
  /** Whether no row is loaded yet. */
  empty: boolean;
  failedText: string;
  emptyText: string;
  noMoreText: string;
  /** The test id of the status line. */
  testId: string;
  /** The status line's look (each screen has its own). */
  statusClassName: string | undefined;
}

/**
 * What follows a list that loads ten rows at a time: loading, a failed first page with a retry, then the
 * infinite scroll with its own loading, failure with a retry, and the empty or "no more" text.
 */
export function FeedFooter({
  pages,
  empty,
  failedText,
  emptyText,
  noMoreText,
  testId,
  statusClassName,
}: FeedFooterProps) {
  const { t } = useTranslation();
  const status = (children: ReactNode) => (
    <div className={statusClassName} data-testid={testId}>
      {children}
    </div>
  );
  const failed = (retry: () => unknown, retrying?: boolean) =>
    status(
      <>
        <span>{failedText}</span>
        <Button size="mini" fill="outline" onClick={() => void retry()} loading={retrying}>
          {t('common.retry')}
        </Button>
      </>,
    );
  const loading = status(
    <>
      <span>{t('common.loading')}</span>
      <DotLoading />
    </>,
  );

  if (pages.isPending) return loading;
  if (pages.isError && !pages.isFetchNextPageError && empty) return failed(pages.refetch, pages.isFetching);
  return (
    <InfiniteScroll loadMore={pages.loadMore} hasMore={pages.isSuccess && pages.hasNextPage}>
      {(hasMore, loadFailed, retry) =>
        loadFailed
          ? failed(retry)
          : hasMore
            ? loading
            : empty
              ? status(<EmptyState text={emptyText} />)
              : status(noMoreText)
      }
    </InfiniteScroll>
  );
}
