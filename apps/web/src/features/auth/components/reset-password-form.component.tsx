import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { useErrorAlert } from '../../../shared/dialogs/error-alert.context.tsx';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';
import { showCompletedDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { clearSession } from '../../../shared/storage/storage.ts';
import { resetPassword } from '../api/auth.api.ts';
import { useFieldErrors } from '../hooks/use-field-errors.hook.ts';
import { useSendCode } from '../hooks/use-send-code.hook.ts';
import { isValid, validateResetPassword, validateSendCode } from '../rules/auth-validation.rule.ts';
import styles from './auth.module.css';
import { DevOutboxHint } from './dev-outbox-hint.component.tsx';
import { MobileField } from './mobile-field.component.tsx';
import { PasswordField } from './password-field.component.tsx';
import { SendCodeButton } from './send-code-button.component.tsx';
import { VerifyCodeField } from './verify-code-field.component.tsx';

/**
 * The reset password form (spec 01 §2, §5, §8): mobile with the OTP button, code and new password. Success
 * shows "Reset Completed", then `onDone` goes back. The server ends every session of the account, so this
 * browser's session (the token and the player's stored values) ends too.
 */
export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const showError = useErrorAlert();
  const queryClient = useQueryClient();
  const { mobilePrefix } = useMarket();
  const id = useId();
  const sendCode = useSendCode('reset_password');

  const [mobile, setMobile] = useState('');
  const [verifyCode, setVerifyCode] = useState('');
  const [password, setPassword] = useState('');
  const { setErrors, set, message, editing } = useFieldErrors();
  const [submitting, setSubmitting] = useState(false);

  function requestCode() {
    const invalid = validateSendCode(mobile, mobilePrefix, 'reset_password');
    set('mobile', invalid);
    if (!invalid) void sendCode.send(mobile.trim());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found = validateResetPassword({ mobile, verifyCode, password }, mobilePrefix);
    setErrors(found);
    if (!isValid(found)) return;

    setSubmitting(true);
    try {
      await resetPassword(api, { mobileNumber: mobile.trim(), verifyCode: verifyCode.trim(), password });
      clearSession();
      queryClient.clear();
      await showCompletedDialog(t('resetPassword.completedText'), t('resetPassword.completedTitle'));
      onDone();
    } catch (error) {
      showError(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('resetPassword.title')}>
      <MobileField
        id={`${id}-mobile`}
        value={mobile}
        onValueChange={editing('mobile', setMobile)}
        error={message('mobile')}
        action={
          <SendCodeButton
            onClick={requestCode}
            secondsLeft={sendCode.secondsLeft}
            sending={sendCode.sending}
          />
        }
      />
      <VerifyCodeField
        id={`${id}-code`}
        value={verifyCode}
        onValueChange={editing('verifyCode', setVerifyCode)}
        error={message('verifyCode')}
        hint={<DevOutboxHint mobile={sendCode.sentTo} />}
      />
      <PasswordField
        id={`${id}-password`}
        value={password}
        onValueChange={editing('password', setPassword)}
        error={message('password')}
        isNew
      />
      <Button
        type="submit"
        color="primary"
        block
        size="large"
        loading={submitting}
        className={styles.submit}
        data-testid="reset-password-submit"
      >
        {t('resetPassword.submit')}
      </Button>
    </form>
  );
}
