import type { Generated, Selectable } from 'kysely';

/** Support tickets (migration 0040, DESIGN.md §6). */
export interface SuggestionsTables {
  suggestions: SuggestionsTable;
}

export interface SuggestionsTable {
  id: Generated<number>;
  serial_number: string;
  user_id: number;
  type: string;
  whats_app: string;
  content: string;
  /** The recharge serial number or withdrawal id the ticket is about, or ''. */
  supple_serial: string;
  status: 'Wait' | 'Completed';
  reply: string;
  created_at: number;
  replied_at: number | null;
}

export type SuggestionRow = Selectable<SuggestionsTable>;
