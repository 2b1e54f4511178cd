import { Button } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state.component.tsx';
import { SkeletonScreen } from '../../../shared/ui/skeleton.component.tsx';
import styles from './colour-game.module.css';

export interface ListStatusProps {
  label: string;
  pending: boolean;
  error: unknown;
  empty: boolean;
  onRetry: () => void;
}

/**
 * What a records list shows instead of rows: loading, a failure (only logged, spec 02 §8, with a retry) or
 * the empty text; nothing once rows are there.
 */
export function ListStatus({ label, pending, error, empty, onRetry }: ListStatusProps) {
  const { t } = useTranslation();
  useEffect(() => {
    if (error) console.error(`${label} failed to load`, error);
  }, [error, label]);
  if (pending) {
    return <SkeletonScreen cards={1} />;
  }
  if (error) {
    return (
      <div className={styles.state}>
        <span>{t('wallet.loadFailed')}</span>
        <Button size="mini" fill="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (empty) return <EmptyState text={t('wallet.empty')} />;
  return null;
}
