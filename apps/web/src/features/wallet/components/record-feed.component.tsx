import { Button, DotLoading, InfiniteScroll } from 'antd-mobile';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedRecordsState } from '../hooks/use-paged-records.hook.ts';
import styles from './wallet.module.css';

export interface RecordFeedProps<T> {
  records: PagedRecordsState<T>;
  /** The list's accessible name. */
  label: string;
  rowKey: (row: T, index: number) => string;
  renderRow: (row: T) => ReactNode;
  testId: string;
}

function FeedStatus({ children }: { children: ReactNode }) {
  return (
    <div className={styles.feedStatus} data-testid="record-feed-status">
      {children}
    </div>
  );
}

/**
 * A record list with infinite scroll, ten rows at a time until `page.count` rows are shown. Load
 * failures are logged (spec 01 §8, spec 02 §8) and offer a retry.
 */
export function RecordFeed<T>({ records, label, rowKey, renderRow, testId }: RecordFeedProps<T>) {
  const { t } = useTranslation();
  const { rows, loadMore, hasNextPage, isFetchNextPageError, refetch } = records;
  const firstPageFailed = records.isError && !isFetchNextPageError && rows.length === 0;

  useEffect(() => {
    if (records.error) console.error(`${label} failed to load`, records.error);
  }, [records.error, label]);

  const loading = (
    <FeedStatus>
      <span>{t('common.loading')}</span>
      <DotLoading />
    </FeedStatus>
  );

  return (
    <section aria-label={label}>
      <ul className={styles.list} data-testid={testId}>
        {rows.map((row, index) => (
          <li key={rowKey(row, index)}>{renderRow(row)}</li>
        ))}
      </ul>
      {records.isPending ? (
        loading
      ) : firstPageFailed ? (
        <FeedStatus>
          <span>{t('wallet.loadFailed')}</span>
          <Button size="mini" fill="outline" onClick={() => void refetch()} loading={records.isFetching}>
            {t('common.retry')}
          </Button>
        </FeedStatus>
      ) : (
        <InfiniteScroll loadMore={loadMore} hasMore={records.isSuccess && hasNextPage}>
          {(hasMore, failed, retry) =>
            failed ? (
              <FeedStatus>
                <span>{t('wallet.loadFailed')}</span>
                <Button size="mini" fill="outline" onClick={() => void retry()}>
                  {t('common.retry')}
                </Button>
              </FeedStatus>
            ) : hasMore ? (
              loading
            ) : (
              <FeedStatus>{rows.length === 0 ? t('wallet.empty') : t('wallet.noMore')}</FeedStatus>
            )
          }
        </InfiniteScroll>
      )}
    </section>
  );
}
