import { Toast } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { useErrorAlert } from '../../../shared/dialogs/error-alert.context.tsx';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';
import { setDeviceId } from '../../../shared/storage/storage.ts';
import { type LoginOutcome, login, retryAfterSeconds } from '../api/auth.api.ts';
import { ensureDeviceId } from '../rules/device-id.rule.ts';
import { useOtpCountdown } from './use-otp-countdown.hook.ts';

export interface DeviceCodeCredentials {
  mobileNumber: string;
  password: string;
}

/**
 * The login form's OTP button for a new device. The server has no call that only sends a login code: a
 * login without verify_code from a device it does not trust answers 403 and sends a fresh code (or keeps
 * the one sent within the last 60 s). So the button logs in again without the code, which is how the player
 * gets a new one after the first expired or died of wrong tries; with a code in the field every attempt
 * only checks it. The 60-second wait follows, as on register, or the wait a 429 asks for.
 *
 * `request` resolves with the login's outcome: usually verification_required (a code is on its way), and
 * signed_in when the device became trusted meanwhile; null when the call failed and the alert says why.
 */
export function useDeviceCode() {
  const { t } = useTranslation();
  const showError = useErrorAlert();
  const countdown = useOtpCountdown();
  const [sending, setSending] = useState(false);
  const { start } = countdown;

  const request = useCallback(
    async (credentials: DeviceCodeCredentials): Promise<LoginOutcome | null> => {
      setSending(true);
      try {
        const outcome = await login(api, {
          mobileNumber: credentials.mobileNumber,
          password: credentials.password,
          verifyCode: '',
          deviceId: ensureDeviceId(),
          host: window.location.host,
        });
        if (outcome.kind === 'verification_required') {
          setDeviceId(outcome.deviceId);
          start();
          Toast.show({ content: t('auth.codeSent') });
        }
        return outcome;
      } catch (error) {
        const wait = retryAfterSeconds(error);
        if (wait !== null) start(wait);
        showError(errorMessage(error));
        return null;
      } finally {
        setSending(false);
      }
    },
    [start, showError, t],
  );

  return { request, sending, secondsLeft: countdown.secondsLeft, start };
}
