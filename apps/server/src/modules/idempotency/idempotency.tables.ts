import type { Generated, Selectable } from 'kysely';

/** The table of migration 0003-ledger that stores the first answer of each idempotent request. */
export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  key: string;
  user_id: number;
  route: string;
  /** SHA-256 (hex) of the canonical JSON of the validated request. */
  request_hash: string;
  /** The stored answer; null only while the first request is still inside its transaction. */
  response_json: string | null;
  status_code: number | null;
  created_at: number;
}

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
