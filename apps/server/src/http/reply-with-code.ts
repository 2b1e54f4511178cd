import type { FastifyReply } from 'fastify';

/**
 * Sends a success body with the HTTP status its `code` names: an operator action that became a request for
 * a second operator's approval answers 202, the same call done at once 200 (the API's rule that the status
 * equals `code`).
 */
export function replyWithCode<Body extends { code: number }>(reply: FastifyReply, body: Body): FastifyReply {
  return reply.code(body.code).send(body);
}
