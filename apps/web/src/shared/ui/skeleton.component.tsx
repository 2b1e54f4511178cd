import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './brand.module.css';

/** One grey block in the shape of what is loading. */
export function Skeleton({
  width = '100%',
  height = 14,
  radius,
}: {
  width?: CSSProperties['width'];
  height?: number;
  radius?: number;
}) {
  return (
    <span className={styles.skeleton} style={{ width, height, borderRadius: radius }} aria-hidden="true" />
  );
}

/**
 * What a screen or a list shows while its data loads: cards of lines in the shape of the content, announced
 * to screen readers as loading (instead of a spinner on a blank page).
 */
export function SkeletonScreen({ cards = 3, className }: { cards?: number; className?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div
      className={`${styles.skeletonScreen} ${className ?? ''}`}
      role="status"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="skeleton"
    >
      {Array.from({ length: cards }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
        <div key={index} className={styles.skeletonCard}>
          <Skeleton width="45%" height={16} />
          <Skeleton width="90%" />
          <Skeleton width="70%" />
        </div>
      ))}
    </div>
  );
}
