import { useId } from 'react';
import { APP_NAME } from './app-name.ts';
import styles from './brand.module.css';

/**
 * The brand mark (a gold crown over a gold ingot on deep red), drawn inline so it costs no request; the
 * same drawing is the favicon and app icon (public/icon.svg).
 */
export function BrandMark({ size = 28 }: { size?: number }) {
  // Gradient ids must be unique per document: the mark can show twice on one screen.
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}b`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5c0716" />
          <stop offset=".6" stopColor="#a3122a" />
          <stop offset="1" stopColor="#c1391f" />
        </linearGradient>
        <linearGradient id={`${id}g`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fdeab0" />
          <stop offset=".5" stopColor="#e0ad2a" />
          <stop offset="1" stopColor="#9a6b00" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill={`url(#${id}b)`} />
      <path d="M19 25l3.5-11 6.5 6.5L32 11l3 9.5 6.5-6.5L45 25z" fill={`url(#${id}g)`} />
      <path d="M10 51l7-19h30l7 19z" fill={`url(#${id}g)`} />
      <path d="M17 32h30l-3.5 6h-23z" fill="#fff6d6" opacity=".55" />
    </svg>
  );
}

/** The logo of the home toolbar: the mark and the product's name in gold. */
export function BrandLogo() {
  return (
    <span className={styles.logo} data-testid="brand-logo">
      <BrandMark size={28} />
      <span className={styles.wordmark}>{APP_NAME}</span>
    </span>
  );
}
