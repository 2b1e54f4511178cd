import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onApiWriteSucceeded } from '../api/api.ts';
import styles from './error-alert.module.css';

/** The error alert hides itself after this long (spec 01 §9, spec 02 §9). */
export const ERROR_ALERT_MS = 8000;

type ShowErrorAlert = (message: string) => void;

interface ErrorAlertControls {
  show: ShowErrorAlert;
  hide: () => void;
}

const ErrorAlertContext = createContext<ErrorAlertControls | null>(null);

interface AlertState {
  message: string;
  /** Distinguishes two alerts with the same text, so the second one gets its full 8 seconds. */
  serial: number;
}

/** The dismissible alert at the top of the screen; hides itself after ERROR_ALERT_MS. */
export function ErrorAlert({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.alert} role="alert" data-testid="error-alert">
      <span className={styles.message}>{message}</span>
      <button type="button" className={styles.close} onClick={onClose} aria-label={t('common.close')}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Hosts the app's one error alert; screens show messages in it through `useErrorAlert`. */
export function ErrorAlertProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<AlertState | null>(null);

  useEffect(() => {
    if (alert === null) return;
    const timer = window.setTimeout(() => setAlert(null), ERROR_ALERT_MS);
    return () => window.clearTimeout(timer);
  }, [alert]);

  const show = useCallback<ShowErrorAlert>(
    (message) =>
      setAlert((previous) => ({
        message: message.trim() === '' ? t('dialog.genericError') : message,
        serial: (previous?.serial ?? 0) + 1,
      })),
    [t],
  );
  const hide = useCallback(() => setAlert(null), []);
  // A refusal speaks of an attempt that a later success has overtaken: it must not stay beside it.
  useEffect(() => onApiWriteSucceeded(hide), [hide]);
  const controls = useMemo(() => ({ show, hide }), [show, hide]);

  return (
    <ErrorAlertContext.Provider value={controls}>
      {children}
      {alert && <ErrorAlert key={alert.serial} message={alert.message} onClose={hide} />}
    </ErrorAlertContext.Provider>
  );
}

/** Returns `showErrorAlert(message)`: shows the message at the top of the screen for 8 seconds. */
export function useErrorAlert(): ShowErrorAlert {
  return useErrorAlertControls().show;
}

/** Returns a function that hides the error alert at once (a message belongs to the screen that showed it). */
export function useHideErrorAlert(): () => void {
  return useErrorAlertControls().hide;
}

function useErrorAlertControls(): ErrorAlertControls {
  const controls = useContext(ErrorAlertContext);
  if (!controls) throw new Error('useErrorAlert must be used inside <ErrorAlertProvider>');
  return controls;
}
