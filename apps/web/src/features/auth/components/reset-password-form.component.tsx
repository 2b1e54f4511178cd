import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { showCompletedDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { clearSession } from '../../../shared/storage/storage.ts';
import { resetPassword } from '../api/auth.api.ts';
import { useFieldErrors } from '../hooks/use-field-errors.hook.ts';
import { useSubmission } from '../hooks/use-submission.hook.ts';
import { isValid, validateResetPassword } from '../rules/auth-validation.rule.ts';
import styles from './auth.module.css';
import { AuthSubmitButton } from './auth-submit-button.component.tsx';
import { EMPTY_OTP_PASSWORD, OtpPasswordFields } from './otp-password-fields.component.tsx';

/**
 * The reset password form (spec 01 §2, §5, §8): mobile with the OTP button, code and new password. Success
 * shows "Reset Completed", then `onDone` goes back. The server ends every session of the account, so this
 * browser's session (the token and the player's stored values) ends too.
 */
export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { mobilePrefix } = useMarket();
  const id = useId();

  const [values, setValues] = useState(EMPTY_OTP_PASSWORD);
  const { mobile, verifyCode, password } = values;
  const fieldErrors = useFieldErrors();
  const { setErrors } = fieldErrors;
  const { submitting, run } = useSubmission();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found = validateResetPassword({ mobile, verifyCode, password }, mobilePrefix);
    setErrors(found);
    if (!isValid(found)) return;

    await run(async () => {
      await resetPassword(api, { mobileNumber: mobile.trim(), verifyCode: verifyCode.trim(), password });
      clearSession();
      queryClient.clear();
      await showCompletedDialog(t('resetPassword.completedText'), t('resetPassword.completedTitle'));
      onDone();
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('resetPassword.title')}>
      <OtpPasswordFields
        id={id}
        flow="reset_password"
        values={values}
        setValues={setValues}
        fieldErrors={fieldErrors}
      />
      <AuthSubmitButton submitting={submitting} testId="reset-password-submit">
        {t('resetPassword.submit')}
      </AuthSubmitButton>
    </form>
  );
}
