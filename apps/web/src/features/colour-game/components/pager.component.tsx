import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './colour-game.module.css';

export interface PagerProps {
  page: number;
  /** Rows across all pages (`page.count`). */
  count: number;
  pageSize: number;
  onPage: (page: number) => void;
  testId: string;
}

/** The number of pages `count` rows fill, at least 1. */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(Math.ceil(count / pageSize), 1);
}

/** Previous and next page buttons around "page / pages"; hidden while everything fits on one page. */
export function Pager({ page, count, pageSize, onPage, testId }: PagerProps) {
  const { t } = useTranslation();
  const pages = pageCount(count, pageSize);
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} data-testid={testId}>
      <Button
        size="mini"
        fill="outline"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('colourGame.pager.previous')}
      >
        ‹
      </Button>
      <span data-testid={`${testId}-position`}>
        {page} / {pages}
      </span>
      <Button
        size="mini"
        fill="outline"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('colourGame.pager.next')}
      >
        ›
      </Button>
    </nav>
  );
}
