import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { setDeviceId } from '../../../shared/storage/storage.ts';
import { login } from '../api/auth.api.ts';
import { useDeviceCode } from '../hooks/use-device-code.hook.ts';
import { useFieldErrors } from '../hooks/use-field-errors.hook.ts';
import { useStartSession } from '../hooks/use-start-session.hook.ts';
import { useSubmission } from '../hooks/use-submission.hook.ts';
import { isValid, validateLogin } from '../rules/auth-validation.rule.ts';
import { ensureDeviceId } from '../rules/device-id.rule.ts';
import styles from './auth.module.css';
import { AuthSubmitButton } from './auth-submit-button.component.tsx';
import { DevOutboxHint } from './dev-outbox-hint.component.tsx';
import { MobileField } from './mobile-field.component.tsx';
import { PasswordField } from './password-field.component.tsx';
import { SendCodeButton } from './send-code-button.component.tsx';
import { VerifyCodeField } from './verify-code-field.component.tsx';

/** Where a successful login goes (spec 01 §4). */
export const AFTER_LOGIN_PATH = '/mine';

/**
 * The login form (spec 01 §2, §4, §5): mobile and password; the code field appears only after the server
 * answered 403 for a device it does not know yet, with an OTP button that asks for a new code (after the
 * resend wait) when the first one expired or died of wrong tries. 200 stores the token and device id and
 * opens /mine.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const { mobilePrefix } = useMarket();
  const id = useId();

  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [verifyCode, setVerifyCode] = useState('');
  const [verifyCodeShown, setVerifyCodeShown] = useState(false);
  const { setErrors, set, message, editing } = useFieldErrors();
  const { submitting, run } = useSubmission();
  const deviceCode = useDeviceCode();

  function signIn(token: string, deviceId: string) {
    startSession(token, deviceId);
    navigate(AFTER_LOGIN_PATH, { replace: true });
  }

  async function requestNewCode() {
    // A new code comes from a login without one, so the number and password must be there (spec 01 §5).
    const found = validateLogin({ mobile, password, verifyCode: '', verifyCodeShown: false }, mobilePrefix);
    set('mobile', found.mobile ?? null);
    set('password', found.password ?? null);
    if (!isValid(found) || submitting) return;
    const outcome = await deviceCode.request({ mobileNumber: mobile.trim(), password });
    if (outcome?.kind === 'signed_in') signIn(outcome.token, outcome.deviceId);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || deviceCode.sending) return;
    const found = validateLogin({ mobile, password, verifyCode, verifyCodeShown }, mobilePrefix);
    setErrors(found);
    // The call is skipped while a required field is empty (spec 01 §5).
    if (!isValid(found)) return;

    await run(async () => {
      const outcome = await login(api, {
        mobileNumber: mobile.trim(),
        password,
        verifyCode: verifyCodeShown ? verifyCode.trim() : '',
        // A browser that never logged in gets its id now, so the server can trust it after the code.
        deviceId: ensureDeviceId(),
        host: window.location.host,
      });
      if (outcome.kind === 'verification_required') {
        setDeviceId(outcome.deviceId);
        setVerifyCodeShown(true);
        // The server has just sent the code (or kept one sent moments ago), so the OTP button waits first.
        deviceCode.start();
        return;
      }
      signIn(outcome.token, outcome.deviceId);
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('login.title')}>
      <MobileField
        id={`${id}-mobile`}
        value={mobile}
        onValueChange={editing('mobile', setMobile)}
        error={message('mobile')}
      />
      <PasswordField
        id={`${id}-password`}
        value={password}
        onValueChange={editing('password', setPassword)}
        error={message('password')}
      />
      {verifyCodeShown ? (
        <VerifyCodeField
          id={`${id}-code`}
          value={verifyCode}
          onValueChange={editing('verifyCode', setVerifyCode)}
          error={message('verifyCode')}
          autoFocus
          action={
            <SendCodeButton
              onClick={() => void requestNewCode()}
              secondsLeft={deviceCode.secondsLeft}
              sending={deviceCode.sending || submitting}
            />
          }
          hint={
            <>
              <p className={styles.notice} data-testid="new-device-notice">
                {t('auth.newDeviceCodeSent')}
              </p>
              <DevOutboxHint mobile={mobile.trim()} />
            </>
          }
        />
      ) : null}
      <AuthSubmitButton submitting={submitting} testId="login-submit">
        {t('login.submit')}
      </AuthSubmitButton>
      <div className={styles.links}>
        <span>
          {t('login.noAccount')}{' '}
          <Link to="/register" data-testid="register-link">
            {t('login.toRegister')}
          </Link>
        </span>
        <Link to="/resetPassword" data-testid="forgot-password-link">
          {t('login.forgotPassword')}
        </Link>
      </div>
    </form>
  );
}
