import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedFooter } from '../../../shared/ui/feed-footer.component.tsx';
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

/**
 * A record list with infinite scroll, ten rows at a time until `page.count` rows are shown. Load
 * failures are logged (spec 01 §8, spec 02 §8) and offer a retry.
 */
export function RecordFeed<T>({ records, label, rowKey, renderRow, testId }: RecordFeedProps<T>) {
  const { t } = useTranslation();
  const { rows } = records;

  useEffect(() => {
    if (records.error) console.error(`${label} failed to load`, records.error);
  }, [records.error, label]);

  return (
    <section aria-label={label}>
      <ul className={styles.list} data-testid={testId}>
        {rows.map((row, index) => (
          <li key={rowKey(row, index)}>{renderRow(row)}</li>
        ))}
      </ul>
      <FeedFooter
        pages={records}
        empty={rows.length === 0}
        failedText={t('wallet.loadFailed')}
        emptyText={t('wallet.empty')}
        noMoreText={t('wallet.noMore')}
        testId="record-feed-status"
        statusClassName={styles.feedStatus}
      />
    </section>
  );
}
