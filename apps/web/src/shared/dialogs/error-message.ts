import { i18n } from '../../i18n/i18n.ts';
import { isApiFailure } from '../api/api-errors.ts';

/** The text to show for a failed call: the server's message, or the catalogue's generic error. */
export function errorMessage(error: unknown): string {
  if (isApiFailure(error) && error.msg.trim() !== '') return error.msg;
  return i18n.t('dialog.genericError');
}
