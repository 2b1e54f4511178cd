import { MoreOutline, UnorderedListOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './screen-toolbar.module.css';

interface ScreenToolbarProps {
  title: ReactNode;
  /** Shows a back arrow that calls this; home-level screens have none. */
  onBack?: () => void;
  /** Actions at the right end, for example a menu button (use `toolbarIconButtonClass` for icons). */
  right?: ReactNode;
}

/** The class of a round icon button that fits the toolbar. */
export const toolbarIconButtonClass = styles.iconButton;

/** The toolbar at the top of a screen: optional back arrow, title, and actions. */
export function ScreenToolbar({ title, onBack, right }: ScreenToolbarProps) {
  const { t } = useTranslation();
  return (
    <header className={styles.toolbar}>
      <div className={styles.side}>
        {onBack ? (
          <button type="button" className={styles.iconButton} onClick={onBack} aria-label={t('common.back')}>
            <span className={styles.backChevron} aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <h1 className={styles.title}>{title}</h1>
      <div className={`${styles.side} ${styles.right}`}>{right}</div>
    </header>
  );
}

/** The toolbar's list icon that opens a screen's records (recharges, withdrawals). */
export function ToolbarRecordLink(props: { to: string; label: string; testId: string }) {
  return (
    <Link to={props.to} className={styles.iconButton} aria-label={props.label} data-testid={props.testId}>
      <UnorderedListOutline />
    </Link>
  );
}

/** The toolbar's "more" button that opens a screen's menu sheet. */
export function ToolbarMenuButton(props: { open: boolean; onOpen: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-label={t('menu.open')}
      aria-haspopup="dialog"
      aria-expanded={props.open}
      onClick={props.onOpen}
      data-testid={props.testId}
    >
      <MoreOutline />
    </button>
  );
}
