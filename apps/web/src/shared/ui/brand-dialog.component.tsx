import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './brand-dialog.module.css';

export interface BrandDialogProps {
  /** The dialog's heading; none for a message that speaks for itself. */
  readonly title?: string;
  readonly children: ReactNode;
  /** The one action, across the bottom of the dialog. */
  readonly actionText: string;
  readonly onAction: () => void;
  /** Called on Escape (Back on a keyboard) and a tap outside; without it only the action leaves the dialog. */
  readonly onDismiss?: () => void;
}

/**
 * A modal dialog with one action, shown while it is mounted. It is the browser's own `<dialog>` (top layer,
 * focus moved in and given back, Escape) styled as the app's dialogs, rather than antd-mobile's Dialog: that
 * one is a lazy chunk of its own with a dozen shared chunks and a spring animation, which cost the home
 * screen's first visit of the day, when the daily notice opens, about 100 ms of blocked main thread
 * (bench/README, Lighthouse).
 */
export function BrandDialog({ title, children, actionText, onAction, onDismiss }: BrandDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // jsdom (the unit tests) has no showModal; the attribute shows the dialog there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    // The dialog itself takes the focus, so a screen reader reads its title and no button shows a focus ring
    // before the player has used a key; Tab then reaches the action.
    dialog.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tap on the backdrop is Escape's twin, handled by onCancel.
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      tabIndex={-1}
      aria-labelledby={title ? titleId : undefined}
      onCancel={(event) => {
        // The parent decides whether the dialog goes (it unmounts it); the browser must not close it alone.
        event.preventDefault();
        onDismiss?.();
      }}
      onClick={(event) => {
        // The dialog has no padding, so only a tap on the backdrop reaches the dialog element itself.
        if (event.target === event.currentTarget) onDismiss?.();
      }}
    >
      <div className={styles.body}>
        {title ? (
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
        ) : null}
        <div className={styles.content}>{children}</div>
      </div>
      <button type="button" className={styles.action} onClick={onAction}>
        {actionText}
      </button>
    </dialog>
  );
}
