import styles from './brand.module.css';

/**
 * An empty list: a small drawing (an open treasure box with a gold coin, inline so it costs no request)
 * and the list's own sentence.
 */
export function EmptyState({ text, testId }: { text: string; testId?: string }) {
  return (
    <div className={styles.empty} data-testid={testId ?? 'empty-state'}>
      <svg viewBox="0 0 112 88" aria-hidden="true" focusable="false">
        <ellipse cx="56" cy="80" rx="40" ry="5" fill="var(--brand-skeleton)" />
        <path d="M22 40h68v34a4 4 0 0 1-4 4H26a4 4 0 0 1-4-4z" fill="var(--brand-red)" opacity=".85" />
        <path d="M22 40h68v8H22z" fill="var(--brand-red-deep)" opacity=".9" />
        <path d="M18 26l70-12 4 14-70 12z" fill="var(--brand-red)" />
        <rect x="50" y="46" width="12" height="14" rx="2" fill="var(--brand-gold)" />
        <circle cx="56" cy="20" r="9" fill="var(--brand-gold)" />
        <circle cx="56" cy="20" r="5" fill="none" stroke="var(--brand-gold-light)" strokeWidth="2" />
        <path d="M78 8l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="var(--brand-gold)" />
      </svg>
      <p>{text}</p>
    </div>
  );
}
