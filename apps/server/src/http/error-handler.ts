import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorEnvelope, ResponseCode, ServerMessage } from '@app/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TransactionRetriesExhaustedError } from '../db/transaction.ts';
import { AppError } from './app-error.ts';

/**
 * The longest path parameter the router accepts (Fastify's maxParamLength, here at its default); the
 * app's parameters are ids and serial numbers, far shorter.
 */
export const MAX_PATH_PARAM_LENGTH = 100;

/** Fastify's own client errors, translated into messages that say what was wrong with the request. */
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
    // The framework's own text repeats the path, which is the attacker's input; ours names the fault only.
    case 'FST_ERR_BAD_URL':
      return 'path must be valid percent-encoded UTF-8';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return `path parameters must be at most ${MAX_PATH_PARAM_LENGTH} characters`;
    default:
      return error.message;
  }
}

/**
 * Answers any failure in the envelope: an AppError as it says, a transaction whose retries ran out as a 503
 * "please try again", a framework client error as a 400 (429 kept) naming what was wrong, and anything else
 * as a logged 500 with an error id.
 */
function sendErrorEnvelope(
  caught: Error,
  request: FastifyRequest,
  reply: FastifyReply,
  bodyLimitBytes: number,
): FastifyReply {
  if (caught instanceof AppError) {
    return reply.code(caught.code).send({ ...caught.extra, code: caught.code, msg: caught.message });
  }
  if (caught instanceof TransactionRetriesExhaustedError) {
    // Every attempt rolled back, so nothing was applied: the client is told to send it again, not that
    // something broke.
    request.log.warn({ err: caught }, 'transaction retries exhausted');
    const code = ResponseCode.unavailable;
    return reply.code(code).send({ code, msg: ServerMessage.busyTryAgain });
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
  const body: ErrorEnvelope = { code: ResponseCode.internal, msg: ServerMessage.internal, error_id: errorId };
  return reply.code(ResponseCode.internal).send(body);
}

/**
 * The API's error conventions (DESIGN.md): every failure is the JSON envelope {code, msg} with the HTTP
 * status equal to `code`; bad input is a 400 naming the field; anything unexpected is a logged 500 with an
 * error id the operator can search for.
 */
export function registerErrorHandling(app: FastifyInstance, bodyLimitBytes: number): void {
  app.setErrorHandler((caught: Error, request, reply) =>
    sendErrorEnvelope(caught, request, reply, bodyLimitBytes),
  );

  app.setNotFoundHandler((request, reply) => {
    reply.code(ResponseCode.notFound).send({
      code: ResponseCode.notFound,
      msg: `No route for ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}

/**
 * Fastify's `frameworkErrors` option. The router answers a path it cannot decode (`/shop/%E0%A4%A`), an
 * over-long path parameter or a failed route constraint itself, before any route or error handler runs;
 * this sends those through the same envelope as every other failure.
 */
export function frameworkErrorHandler(
  bodyLimitBytes: number,
  securityHeaders: Readonly<Record<string, string>> = {},
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    // No route matched, so the app's onRequest hook did not run: the security headers (HSTS included) and
    // the request id are added here instead.
    reply.headers(securityHeaders).header('x-request-id', request.id);
    sendErrorEnvelope(error, request, reply, bodyLimitBytes);
  };
}

/** The HTTP status of a request that timed out before its headers and body arrived. */
const REQUEST_TIMEOUT_STATUS = 408;

/**
 * Fastify's `clientErrorHandler` option: a request that is not even valid HTTP (a garbled request line,
 * headers over Node's size limit) never becomes a Fastify request, so the answer is written to the socket
 * by hand, still as the envelope.
 */
export function answerClientError(this: FastifyInstance, error: Error, socket: Socket): void {
  const code = (error as NodeJS.ErrnoException).code;
  // A reset connection has nobody left to answer.
  if (code === 'ECONNRESET' || socket.destroyed) return;
  let status: number = ResponseCode.badRequest;
  let msg = 'request must be valid HTTP/1.1';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = REQUEST_TIMEOUT_STATUS;
    msg = 'request must arrive in full before the server times out';
  } else if (code === 'HPE_HEADER_OVERFLOW') {
    msg = `headers must be at most ${http.maxHeaderSize} bytes`;
  }
  this.log.info({ err: error }, 'malformed HTTP request');
  if (socket.writable) {
    const body = JSON.stringify({ code: status, msg } satisfies ErrorEnvelope);
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
