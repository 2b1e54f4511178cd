import { randomUUID } from 'node:crypto';
import { ResponseCode, ServerMessage } from '@app/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/** Fastify's own client errors, translated into messages that say what was wrong with the body. */
function describeFrameworkClientError(error: FastifyError, bodyLimitBytes: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'body must be valid JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'body must not be empty when Content-Type is application/json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `body must be at most ${bodyLimitBytes} bytes`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'body must be JSON (Content-Type: application/json)';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'body length does not match Content-Length';
    default:
      return error.message;
  }
}

/**
 * The API's error conventions (DESIGN.md): every failure is the JSON envelope {code, msg} with the HTTP
 * status equal to `code`; bad input is a 400 naming the field; anything unexpected is a logged 500 with an
 * error id the operator can search for.
 */
export function registerErrorHandling(app: FastifyInstance, bodyLimitBytes: number): void {
  app.setErrorHandler((caught: Error, request, reply) => {
    if (caught instanceof AppError) {
      return reply.code(caught.code).send({ ...caught.extra, code: caught.code, msg: caught.message });
    }
    const error = caught as FastifyError;
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Every malformed request is a 400 (a too-large or non-JSON body included), so clients see one rule.
      const code = status === ResponseCode.tooManyRequests ? status : ResponseCode.badRequest;
      request.log.info({ err: error }, 'client error');
      return reply.code(code).send({ code, msg: describeFrameworkClientError(error, bodyLimitBytes) });
    }
    const errorId = randomUUID();
    request.log.error({ err: error, errorId }, 'unexpected error');
    return reply
      .code(ResponseCode.internal)
      .send({ code: ResponseCode.internal, msg: ServerMessage.internal, error_id: errorId });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(ResponseCode.notFound).send({
      code: ResponseCode.notFound,
      msg: `No route for ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}
