import { App } from 'antd';
import type { ReactNode } from 'react';

type Show = (content: string) => unknown;
type Notify = (title: string, description: ReactNode, testId?: string) => unknown;
let shown: { success: Show; error: Show; info: Notify } | undefined;

/** How long a notice (such as "Sent for approval") stays, in seconds: long enough to follow its link. */
const NOTICE_SECONDS = 12;

/**
 * The console's toasts. antd's static `message` does not render under React 19, so the toasts go through
 * the App context's instance, which FeedbackBridge (rendered once inside <App>) hands over here.
 */
export const message = {
  success: (content: string) => shown?.success(content),
  error: (content: string) => shown?.error(content),
};

/** A notice that stays a while and can hold a link (a toast is gone before one could follow it). */
export const notice = {
  info: (title: string, description: ReactNode, testId?: string) => shown?.info(title, description, testId),
};

/** Connects `message` and `notice` to the App context; render it once inside antd's <App>. */
export function FeedbackBridge(): null {
  const app = App.useApp();
  shown = {
    success: app.message.success,
    error: app.message.error,
    info: (title, description, testId) =>
      app.notification.info({
        message: title,
        description,
        duration: NOTICE_SECONDS,
        ...(testId ? { props: { 'data-testid': testId } } : {}),
      }),
  };
  return null;
}
