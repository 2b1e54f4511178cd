import type { Dispatch, SetStateAction } from 'react';
import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import type { useFieldErrors } from '../hooks/use-field-errors.hook.ts';
import { useSendCode } from '../hooks/use-send-code.hook.ts';
import { type SendCodeFlow, validateSendCode } from '../rules/auth-validation.rule.ts';
import { DevOutboxHint } from './dev-outbox-hint.component.tsx';
import { MobileField } from './mobile-field.component.tsx';
import { PasswordField } from './password-field.component.tsx';
import { SendCodeButton } from './send-code-button.component.tsx';
import { VerifyCodeField } from './verify-code-field.component.tsx';

/** What the fields hold. */
export interface OtpPasswordValues {
  mobile: string;
  verifyCode: string;
  password: string;
}

/** The fields' starting values: all empty. */
export const EMPTY_OTP_PASSWORD: OtpPasswordValues = { mobile: '', verifyCode: '', password: '' };

interface OtpPasswordFieldsProps {
  /** The form's `useId`, which the fields' ids start with. */
  id: string;
  flow: SendCodeFlow;
  values: OtpPasswordValues;
  setValues: Dispatch<SetStateAction<OtpPasswordValues>>;
  fieldErrors: ReturnType<typeof useFieldErrors>;
}

/**
 * The mobile field with its OTP button, the code and a new password: what the register and reset password
 * forms ask first. The OTP button asks for a code only once a mobile number is there (spec 01 §5).
 */
export function OtpPasswordFields(props: OtpPasswordFieldsProps) {
  const { mobilePrefix } = useMarket();
  const sendCode = useSendCode(props.flow);
  const { set, message, editing } = props.fieldErrors;
  const { mobile, verifyCode, password } = props.values;
  /** The setter of one field. */
  const setter = (field: keyof OtpPasswordValues) => (value: string) =>
    props.setValues((current) => ({ ...current, [field]: value }));

  function requestCode() {
    const invalid = validateSendCode(mobile, mobilePrefix, props.flow);
    set('mobile', invalid);
    if (!invalid) void sendCode.send(mobile.trim());
  }

  return (
    <>
      <MobileField
        id={`${props.id}-mobile`}
        value={mobile}
        onValueChange={editing('mobile', setter('mobile'))}
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
        id={`${props.id}-code`}
        value={verifyCode}
        onValueChange={editing('verifyCode', setter('verifyCode'))}
        error={message('verifyCode')}
        hint={<DevOutboxHint mobile={sendCode.sentTo} />}
      />
      <PasswordField
        id={`${props.id}-password`}
        value={password}
        onValueChange={editing('password', setter('password'))}
        error={message('password')}
        isNew
      />
    </>
  );
}
