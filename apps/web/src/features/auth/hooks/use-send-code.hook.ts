import type { VerifyType } from '@app/shared';
import { Toast } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { useErrorAlert } from '../../../shared/dialogs/error-alert.context.tsx';
import { errorMessage } from '../../../shared/dialogs/error-message.ts';
import { retryAfterSeconds, sendVerifyCode } from '../api/auth.api.ts';
import { ensureDeviceId } from '../rules/device-id.rule.ts';
import { useOtpCountdown } from './use-otp-countdown.hook.ts';

/**
 * Sending a one-time code: the call, the 60-second wait on success (or the wait a 429 asks for), and the
 * server's message in the error alert on failure. `sentTo` is the number the last code went to. Every
 * request carries the browser's device id (the one login and register keep), created first if it has none.
 */
export function useSendCode(verifyType: VerifyType) {
  const { t } = useTranslation();
  const showError = useErrorAlert();
  const countdown = useOtpCountdown();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { start } = countdown;

  const send = useCallback(
    async (mobileNumber: string) => {
      setSending(true);
      try {
        await sendVerifyCode(api, mobileNumber, verifyType, ensureDeviceId());
        setSentTo(mobileNumber);
        start();
        Toast.show({ content: t('auth.codeSent') });
      } catch (error) {
        const wait = retryAfterSeconds(error);
        if (wait !== null) start(wait);
        showError(errorMessage(error));
      } finally {
        setSending(false);
      }
    },
    [verifyType, start, showError, t],
  );

  return { send, sending, sentTo, secondsLeft: countdown.secondsLeft, waiting: countdown.waiting };
}
