import type { z } from 'zod';

/**
 * What the published verify scripts (colour, crash game, Lucky Hit) share: their exit codes, their report
 * and the one careful fetch of what a server published about a round.
 */

/** Give up on a server that does not answer within this long. */
export const VERIFY_FETCH_TIMEOUT_MS = 10_000;

export const VERIFY_EXIT = { verified: 0, failed: 1, unusable: 2 } as const;

/** The lines a verify script prints and the exit code it ends with. */
export interface VerifyReport {
  readonly exitCode: (typeof VERIFY_EXIT)[keyof typeof VERIFY_EXIT];
  readonly lines: string[];
}

/**
 * GET `url` and parse its JSON with `schema`: the parsed answer, or one line saying why there is none (no
 * answer in time, an error status with the server's message, or an answer of another shape, which is
 * reported rather than trusted).
 */
export async function fetchPublished<Schema extends z.ZodType>(
  url: URL,
  schema: Schema,
  headers: Record<string, string> = {},
): Promise<{ value: z.output<Schema> } | { problem: string }> {
  let body: unknown;
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(VERIFY_FETCH_TIMEOUT_MS) });
    body = await response.json();
    if (!response.ok) {
      const message = (body as { msg?: unknown } | null)?.msg;
      return { problem: `${url} answered ${response.status}: ${String(message ?? '')}` };
    }
  } catch (error) {
    return { problem: `could not fetch ${url}: ${(error as Error).message}` };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { problem: `${url} answered something unexpected: ${parsed.error.message}` };
  return { value: parsed.data };
}
