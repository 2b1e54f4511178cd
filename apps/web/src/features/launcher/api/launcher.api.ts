import type { StartGameResponse } from '@app/shared';
import type { ApiClient } from '../../../shared/api/api-client.ts';

/** GET /exg/owngame_start_game?game_id: a one-time launch URL. */
export async function startGame(client: ApiClient, gameId: number, signal?: AbortSignal): Promise<string> {
  const response = await client.get<StartGameResponse>(
    '/exg/owngame_start_game',
    { game_id: gameId },
    { signal },
  );
  if (typeof response.launch_url !== 'string' || response.launch_url === '') throw new Error('no launch_url');
  return response.launch_url;
}

/** The message the demo game (and any same-origin game) posts when the balance changed. */
export function isBalanceMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'exg:balance';
}
