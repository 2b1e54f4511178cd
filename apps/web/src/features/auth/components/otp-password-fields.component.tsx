import { useMarket } from '../../../shared/app-config/app-config.context.tsx';
import type { useFieldErrors } from '../hooks/use-field-errors.hook.ts';
import { useSendCode } from '../hooks/use-send-code.hook.ts';
import { type SendCodeFlow, validateSendCode } from '../rules/auth-validation.rule.ts';
import { DevOutboxHint } from './dev-outbox-hint.component.tsx';
import { MobileField } from './mobile-field.component.tsx';
import { PasswordField } from './password-field.component.tsx';
import { SendCodeButton } from './send-code-button.component.tsx';
import { VerifyCodeField } from './verify-code-field.component.tsx';

interface OtpPasswordFieldsProps {
  /** The form's `useId`, which the fields' ids start with. */
  id: string;
  flow: SendCodeFlow;
  mobile: string;
  setMobile: (value: string) => void;
  verifyCode: string;
  setVerifyCode: (value: string) => void;
  password: string;
  setPassword: (value: string) => void;
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

  function requestCode() {
    const invalid = validateSendCode(props.mobile, mobilePrefix, props.flow);
    set('mobile', invalid);
    if (!invalid) void sendCode.send(props.mobile.trim());
  }

  return (
    <>
      <MobileField
        id={`${props.id}-mobile`}
        value={props.mobile}
        onValueChange={editing('mobile', props.setMobile)}
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
        value={props.verifyCode}
        onValueChange={editing('verifyCode', props.setVerifyCode)}
        error={message('verifyCode')}
        hint={<DevOutboxHint mobile={sendCode.sentTo} />}
      />
      <PasswordField
        id={`${props.id}-password`}
        value={props.password}
        onValueChange={editing('password', props.setPassword)}
        error={message('password')}
        isNew
      />
    </>
  );
}
