import { R_CODE_MAX_LENGTH } from '@app/shared';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import { showCompletedDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { NativeEvent, trackNativeEvent } from '../../../shared/native/native-bridge.ts';
import { useMountedOnce } from '../../../shared/ui/use-mounted-once.hook.ts';
import { register } from '../api/auth.api.ts';
import { useFieldErrors } from '../hooks/use-field-errors.hook.ts';
import { useStartSession } from '../hooks/use-start-session.hook.ts';
import { useSubmission } from '../hooks/use-submission.hook.ts';
import { isValid, validateRegister } from '../rules/auth-validation.rule.ts';
import styles from './auth.module.css';
import { AuthSubmitButton } from './auth-submit-button.component.tsx';
import { FormField } from './form-field.component.tsx';
import { AFTER_LOGIN_PATH } from './login-form.component.tsx';
import { EMPTY_OTP_PASSWORD, OtpPasswordFields } from './otp-password-fields.component.tsx';

// The privacy text is long and rarely opened, so it loads with its dialog.
const PrivacyPolicyDialog = lazy(() => import('./privacy-policy-dialog.component.tsx'));

/** The query parameter that carries a referrer's code in a shared link (spec 01 §2: /register?r_code=). */
export const REFERRAL_CODE_PARAM = 'r_code';

/**
 * The register form (spec 01 §2, §4, §5): mobile with the OTP button, code, password, referral code (filled
 * from the link) and the privacy agreement, on by default. Success stores the session, reports e_regist to
 * the native wrapper, shows the success dialog and opens /mine.
 */
export function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const startSession = useStartSession();
  const { mobilePrefix } = useMarket();
  const id = useId();

  const [values, setValues] = useState(EMPTY_OTP_PASSWORD);
  const { mobile, verifyCode, password } = values;
  const [referralCode, setReferralCode] = useState(() =>
    (searchParams.get(REFERRAL_CODE_PARAM) ?? '').trim().slice(0, R_CODE_MAX_LENGTH),
  );
  const [agreed, setAgreed] = useState(true);
  const [policyOpen, setPolicyOpen] = useState(false);
  const policyMounted = useMountedOnce(policyOpen);
  const fieldErrors = useFieldErrors();
  const { setErrors, message, editing, clear } = fieldErrors;
  const { submitting, run } = useSubmission();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found = validateRegister({ mobile, verifyCode, password, referralCode, agreed }, mobilePrefix);
    setErrors(found);
    if (!isValid(found)) return;

    await run(async () => {
      const response = await register(api, {
        mobileNumber: mobile.trim(),
        verifyCode: verifyCode.trim(),
        password,
        referralCode: referralCode.trim(),
      });
      startSession(response.token, response.device_id);
      trackNativeEvent(NativeEvent.register);
      await showCompletedDialog(t('register.success'));
      navigate(AFTER_LOGIN_PATH, { replace: true });
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('register.title')}>
      <OtpPasswordFields
        id={id}
        flow="register"
        values={values}
        setValues={setValues}
        fieldErrors={fieldErrors}
      />
      <FormField
        id={`${id}-referral`}
        name="r_code"
        label={t('auth.referralCodeLabel')}
        placeholder={t('auth.referralCodePlaceholder')}
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={R_CODE_MAX_LENGTH}
        value={referralCode}
        onValueChange={editing('referralCode', setReferralCode)}
        error={message('referralCode')}
        data-testid="referral-code-input"
      />
      <div className={styles.agreement}>
        <input
          id={`${id}-agreement`}
          type="checkbox"
          checked={agreed}
          onChange={(event) => {
            setAgreed(event.target.checked);
            clear('agreement');
          }}
          aria-label={t('register.agreementLabel')}
          aria-invalid={message('agreement') ? true : undefined}
          data-testid="agreement-checkbox"
        />
        <span>
          {t('register.agreementPrefix')}{' '}
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => setPolicyOpen(true)}
            data-testid="privacy-policy-link"
          >
            {t('register.privacyPolicy')}
          </button>
        </span>
      </div>
      {message('agreement') ? (
        <p className={styles.error} data-testid="agreement-error">
          {message('agreement')}
        </p>
      ) : null}
      <AuthSubmitButton submitting={submitting} testId="register-submit">
        {t('register.submit')}
      </AuthSubmitButton>
      <div className={styles.links}>
        <span>
          {t('register.haveAccount')}{' '}
          <Link to="/login" data-testid="login-link">
            {t('register.toLogin')}
          </Link>
        </span>
      </div>
      {policyMounted ? (
        <Suspense fallback={null}>
          <PrivacyPolicyDialog open={policyOpen} onClose={() => setPolicyOpen(false)} />
        </Suspense>
      ) : null}
    </form>
  );
}
