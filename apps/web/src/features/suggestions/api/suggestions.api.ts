import type { SuggestionDto, SuggestionStatus, SuggestionType } from '@app/shared';
import { SUGGESTION_STATUSES, SUGGESTION_TYPES } from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';
import { fetchRecordPage } from '../../wallet/api/wallet.api.ts';

type UnknownRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is UnknownRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function toSuggestion(value: unknown): SuggestionDto | null {
  if (!isRecord(value) || typeof value.create_time !== 'number') return null;
  const type = text(value.type);
  const status = text(value.status);
  return {
    serial_number: text(value.serial_number),
    type: (SUGGESTION_TYPES as readonly string[]).includes(type) ? (type as SuggestionType) : 'O',
    whats_app: text(value.whats_app),
    content: text(value.content),
    supple_serial: text(value.supple_serial),
    status: (SUGGESTION_STATUSES as readonly string[]).includes(status)
      ? (status as SuggestionStatus)
      : 'Wait',
    reply: text(value.reply),
    create_time: value.create_time,
  };
}

/** GET /user/suggestions?status. */
export function fetchSuggestionPage(
  client: ApiClient,
  status: SuggestionStatus,
  page: number,
  signal?: AbortSignal,
) {
  return fetchRecordPage(client, '/user/suggestions', page, toSuggestion, signal, { status });
}

export interface SuggestionInput {
  type: SuggestionType | '';
  whatsApp: string;
  description: string;
  outId: string;
}

/** Spec 02 §5: type, whats_app and description are required; otherwise nothing is sent. */
export function isSuggestionComplete(
  input: SuggestionInput,
): input is SuggestionInput & { type: SuggestionType } {
  return input.type !== '' && input.whatsApp.trim() !== '' && input.description.trim() !== '';
}

/** POST /user/add_suggestion. */
export async function addSuggestion(client: ApiClient, input: SuggestionInput & { type: SuggestionType }) {
  await client.post('/user/add_suggestion', {
    type: input.type,
    whats_app: input.whatsApp.trim(),
    description: input.description.trim(),
    ...(input.outId.trim() ? { out_id: input.outId.trim() } : {}),
  });
}

export const suggestionQueryKeys = {
  list: (status: SuggestionStatus) => ['suggestions', status] as const,
  all: ['suggestions'] as const,
};
