import { z } from 'zod';
import { idFromQuery, type Page, paginationQuery } from './common.ts';
import { optionalText, requiredText } from './text-field.ts';

/** Ticket types (spec 02 §3 "Suggestion"). */
export const SUGGESTION_TYPES = ['S', 'C', 'RP', 'WP', 'PP', 'GRP', 'O'] as const;
export type SuggestionType = (typeof SUGGESTION_TYPES)[number];
export const SUGGESTION_STATUSES = ['Wait', 'Completed'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];
/** The description counter of /addSuggestion (spec 02 §9). */
export const SUGGESTION_DESCRIPTION_MAX_LENGTH = 500;
export const SUGGESTION_WHATS_APP_MAX_LENGTH = 40;
export const SUGGESTION_REPLY_MAX_LENGTH = 2000;
/** Open (Wait) tickets one player may have at once. */
export const MAX_OPEN_SUGGESTIONS = 3;

export const SuggestionMessage = {
  created: 'suggestion_success',
  tooManyOpen: `You already have ${MAX_OPEN_SUGGESTIONS} open tickets; please wait for a reply`,
  unknownOutId: 'out_id must be the serial number of one of your recharges or withdrawals',
  notFound: 'Suggestion not found',
  alreadyCompleted: 'This suggestion is already completed',
} as const;

/** GET /user/suggestions?status. */
export const suggestionListQuery = paginationQuery.extend({
  status: z.enum(SUGGESTION_STATUSES, { error: 'status must be Wait or Completed' }).optional(),
});

/** POST /user/add_suggestion. */
export const addSuggestionBody = z.object({
  type: z.enum(SUGGESTION_TYPES, { error: `type must be one of ${SUGGESTION_TYPES.join(', ')}` }),
  whats_app: requiredText('whats_app', { max: SUGGESTION_WHATS_APP_MAX_LENGTH }),
  description: requiredText('description', { max: SUGGESTION_DESCRIPTION_MAX_LENGTH }),
  out_id: optionalText('out_id', { max: 40 }),
});
export type AddSuggestionBody = z.output<typeof addSuggestionBody>;

export interface SuggestionDto {
  serial_number: string;
  type: SuggestionType;
  whats_app: string;
  content: string;
  supple_serial: string;
  status: SuggestionStatus;
  reply: string;
  create_time: number;
}
export type SuggestionListResponse = Page<SuggestionDto>;

/** Operator calls. */
export const adminSuggestionListQuery = suggestionListQuery;
export const adminSuggestionParams = z.object({ id: idFromQuery('id') });
export const adminSuggestionReplyBody = z.object({
  reply: requiredText('reply', { max: SUGGESTION_REPLY_MAX_LENGTH }),
});
export interface AdminSuggestionDto extends SuggestionDto {
  id: number;
  user_id: number;
}
