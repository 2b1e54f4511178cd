import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from './app-error.ts';

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  if (!field) return issue.message;
  // Messages written in the schemas already start with the field name ("p must be a whole number").
  if (issue.message.startsWith(field)) return issue.message;
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
    return `${field} is required`;
  }
  if (issue.code === 'invalid_type') return `${field} must be ${issue.expected}`;
  return `${field}: ${issue.message}`;
}

/** Parses input with a zod schema; on failure throws a 400 whose message names the first bad field. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const [first] = result.error.issues;
    throw badRequest(first ? describeIssue(first) : 'invalid input');
  }
  return result.data;
}

/** Distinct query strings kept per schema by parsePolledQuery; screens and bots send a handful each. */
export const POLLED_QUERY_MEMO_LIMIT = 256;
const polledQueryMemos = new WeakMap<z.ZodType, Map<string, unknown>>();

function polledQueryMemo(schema: z.ZodType): Map<string, unknown> {
  let memo = polledQueryMemos.get(schema);
  if (!memo) {
    memo = new Map();
    polledQueryMemos.set(schema, memo);
  }
  return memo;
}

/**
 * parseInput of a request's query string, for the public reads every screen and bot polls: the same few query
 * strings arrive thousands of times a second, and validating each again was a tenth of such a read's CPU. A
 * valid query string is parsed once and its result (frozen, the same object for every request) reused; a
 * refused one is parsed, and refused, every time. At most POLLED_QUERY_MEMO_LIMIT strings are kept per schema.
 */
export function parsePolledQuery<Schema extends z.ZodType>(
  schema: Schema,
  request: FastifyRequest,
): Readonly<z.output<Schema>> {
  const queryStart = request.url.indexOf('?');
  const queryString = queryStart === -1 ? '' : request.url.slice(queryStart + 1);
  const memo = polledQueryMemo(schema);
  const known = memo.get(queryString) as Readonly<z.output<Schema>> | undefined;
  if (known !== undefined) return known;
  const parsed = Object.freeze(parseInput(schema, request.query));
  if (memo.size < POLLED_QUERY_MEMO_LIMIT) memo.set(queryString, parsed);
  return parsed;
}

/**
 * The query parsePolledQuery already validated for this raw query string (without the `?`), or undefined when
 * it has not (yet) seen and kept it: the caller then hands the request to the route that parses it.
 */
export function knownPolledQuery<Schema extends z.ZodType>(
  schema: Schema,
  queryString: string,
): Readonly<z.output<Schema>> | undefined {
  return polledQueryMemos.get(schema)?.get(queryString) as Readonly<z.output<Schema>> | undefined;
}
