import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Rows per INSERT when a chain's checkpoints are stored (well below both dialects' parameter limits). */
const CHECKPOINT_INSERT_BATCH = 200;

/** The checkpoint table of each game's hash chains; every one has the same columns. */
export type ChainCheckpointTable =
  | 'colour_chain_checkpoints'
  | 'aviator_chain_checkpoints'
  | 'luckyhit_chain_checkpoints';

/** A stored link of a chain, as the chain services recompute the links below it from. */
export interface ChainCheckpoint {
  linkIndex: number;
  linkHex: string;
}

/** Stores a chain's checkpoints in batches of CHECKPOINT_INSERT_BATCH rows. */
export async function insertCheckpoints(
  db: Kysely<Database>,
  table: ChainCheckpointTable,
  chainId: number,
  checkpoints: ReadonlyArray<ChainCheckpoint>,
): Promise<void> {
  for (let offset = 0; offset < checkpoints.length; offset += CHECKPOINT_INSERT_BATCH) {
    await db
      .insertInto(table)
      .values(
        checkpoints.slice(offset, offset + CHECKPOINT_INSERT_BATCH).map((checkpoint) => ({
          chain_id: chainId,
          link_index: checkpoint.linkIndex,
          link_hex: checkpoint.linkHex,
        })),
      )
      .execute();
  }
}

/** The nearest stored link at or above an index of a chain. */
export function findCheckpointAtOrAbove(
  db: Kysely<Database>,
  table: ChainCheckpointTable,
  chainId: number,
  linkIndex: number,
): Promise<{ link_index: number; link_hex: string } | undefined> {
  return db
    .selectFrom(table)
    .select(['link_index', 'link_hex'])
    .where('chain_id', '=', chainId)
    .where('link_index', '>=', linkIndex)
    .orderBy('link_index', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** A game's checkpoint store: the two operations above bound to its table. */
export function chainCheckpointStore(table: ChainCheckpointTable) {
  return {
    /** Stores a chain's checkpoints. */
    insert: (db: Kysely<Database>, chainId: number, checkpoints: ReadonlyArray<ChainCheckpoint>) =>
      insertCheckpoints(db, table, chainId, checkpoints),
    /** The nearest stored link at or above an index of a chain. */
    findAtOrAbove: (db: Kysely<Database>, chainId: number, linkIndex: number) =>
      findCheckpointAtOrAbove(db, table, chainId, linkIndex),
  };
}
