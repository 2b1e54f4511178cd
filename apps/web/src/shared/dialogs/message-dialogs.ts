import { Dialog, type DialogAlertProps, type DialogConfirmProps } from 'antd-mobile';
import { i18n } from '../../i18n/i18n.ts';
import { onCloseAllDialogs } from './dialog-closers.ts';

// Every dialog of the app opens through this module, so leaving a screen can close them all.
onCloseAllDialogs(() => Dialog.clear());

/** A question with Confirm and Cancel; resolves true on Confirm. Use this rather than Dialog.confirm. */
export function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  return Dialog.confirm(props);
}

/** A message with one button; resolves when it is closed. Use this rather than Dialog.alert. */
export function alertDialog(props: DialogAlertProps): Promise<void> {
  return Dialog.alert(props);
}

function showMessageDialog(title: string, message: string): Promise<void> {
  return alertDialog({
    title,
    content: message.trim() === '' ? i18n.t('dialog.genericError') : message,
    confirmText: i18n.t('common.ok'),
  });
}

/** The dialog titled "Fail" with the server's message (recharge, gift, transfer, bet failures); resolves on OK. */
export function showFailDialog(message: string): Promise<void> {
  return showMessageDialog(i18n.t('dialog.fail'), message);
}

/** The success dialog titled "Completed" (or a variant such as "Reset Completed"); resolves on OK. */
export function showCompletedDialog(
  message: string,
  title: string = i18n.t('dialog.completed'),
): Promise<void> {
  return showMessageDialog(title, message);
}

/** The dialog titled "Error" (payment errors, network failures); resolves on OK. */
export function showErrorDialog(message: string): Promise<void> {
  return showMessageDialog(i18n.t('dialog.error'), message);
}

/** The dialog titled "Notice" (bet rejections, suggestion errors); resolves on OK. */
export function showNoticeDialog(message: string): Promise<void> {
  return showMessageDialog(i18n.t('dialog.notice'), message);
}
