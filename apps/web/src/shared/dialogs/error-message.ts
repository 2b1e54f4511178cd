import { i18n } from '../../i18n/i18n.ts';
import { isApiFailure } from '../api/api-errors.ts';
import { translateServerMessage } from './server-message.ts';

/**
 * The text to show for a failed call: the server's message (in the interface language when the app knows
 * it, see translateServerMessage), or the catalogue's generic error.
 */
export function errorMessage(error: unknown): string {
  if (isApiFailure(error) && error.msg.trim() !== '') return translateServerMessage(error.msg);
  return i18n.t('dialog.genericError');
}
