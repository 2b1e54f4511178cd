import { PASSWORD_MAX_LENGTH } from '@app/shared';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './auth.module.css';
import { FormField } from './form-field.component.tsx';

export interface PasswordFieldProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  /** A new password (register, reset) rather than the current one (login), for the label and autofill. */
  isNew?: boolean;
}

/** A password field with a show/hide toggle; the password is sent exactly as typed (never trimmed). */
export function PasswordField({ id, value, onValueChange, error, isNew = false }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      id={id}
      name="password"
      label={isNew ? t('auth.newPasswordLabel') : t('auth.passwordLabel')}
      placeholder={isNew ? t('auth.newPasswordPlaceholder') : t('auth.passwordPlaceholder')}
      type={visible ? 'text' : 'password'}
      autoComplete={isNew ? 'new-password' : 'current-password'}
      maxLength={PASSWORD_MAX_LENGTH}
      value={value}
      onValueChange={onValueChange}
      error={error}
      data-testid="password-input"
      action={
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('auth.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    />
  );
}
