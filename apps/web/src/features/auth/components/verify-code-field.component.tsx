import { OTP_LENGTH } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './form-field.component.tsx';

export interface VerifyCodeFieldProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  action?: ReactNode;
  hint?: ReactNode;
  autoFocus?: boolean;
}

/** The one-time code field: digits, OTP_LENGTH long, offered by the phone's SMS autofill. */
export function VerifyCodeField({
  id,
  value,
  onValueChange,
  error,
  action,
  hint,
  autoFocus,
}: VerifyCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField
      id={id}
      name="verify_code"
      label={t('auth.verifyCodeLabel')}
      placeholder={t('auth.verifyCodePlaceholder')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      value={value}
      onValueChange={onValueChange}
      error={error}
      action={action}
      hint={hint}
      autoFocus={autoFocus}
      data-testid="verify-code-input"
    />
  );
}
