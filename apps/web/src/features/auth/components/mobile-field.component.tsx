import { MAX_MOBILE_INPUT_LENGTH } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { withoutDoubledPrefix } from '../rules/auth-validation.rule.ts';
import { FormField } from './form-field.component.tsx';

export interface MobileFieldProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  action?: ReactNode;
}

/** The mobile number field: focusing it while empty fills in the market's prefix (spec 01 §5). */
export function MobileField({ id, value, onValueChange, error, action }: MobileFieldProps) {
  const { t } = useTranslation();
  const { mobilePrefix } = useMarket();
  return (
    <FormField
      id={id}
      name="mobile"
      label={t('auth.mobileLabel')}
      placeholder={t('auth.mobilePlaceholder')}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={MAX_MOBILE_INPUT_LENGTH}
      value={value}
      onValueChange={(next) => onValueChange(withoutDoubledPrefix(next, mobilePrefix))}
      onFocus={() => {
        if (value === '') onValueChange(mobilePrefix);
      }}
      error={error}
      action={action}
      data-testid="mobile-input"
    />
  );
}
