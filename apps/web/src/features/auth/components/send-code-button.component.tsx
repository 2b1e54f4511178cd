import { useTranslation } from 'react-i18next';
import styles from './auth.module.css';

export interface SendCodeButtonProps {
  onClick: () => void;
  secondsLeft: number;
  sending: boolean;
}

/** The OTP button: "OTP", then disabled with "Wait Ns" for the resend wait (spec 01 §4). */
export function SendCodeButton({ onClick, secondsLeft, sending }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const waiting = secondsLeft > 0;
  return (
    <button
      type="button"
      className={styles.codeButton}
      onClick={onClick}
      disabled={waiting || sending}
      aria-busy={sending || undefined}
      data-testid="send-code-button"
    >
      {waiting ? t('auth.wait', { seconds: secondsLeft }) : t('auth.sendCode')}
    </button>
  );
}
