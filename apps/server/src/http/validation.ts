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
