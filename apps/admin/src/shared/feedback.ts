import { App } from 'antd';

type Show = (content: string) => unknown;
let shown: { success: Show; error: Show } | undefined;

/**
 * The console's toasts. antd's static `message` does not render under React 19, so the toasts go through
 * the App context's instance, which FeedbackBridge (rendered once inside <App>) hands over here.
 */
export const message = {
  success: (content: string) => shown?.success(content),
  error: (content: string) => shown?.error(content),
};

/** Connects `message` to the App context; render it once inside antd's <App>. */
export function FeedbackBridge(): null {
  shown = App.useApp().message;
  return null;
}
