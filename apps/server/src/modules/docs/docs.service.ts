import { DEFAULT_PAGE_SIZE, getMarket, MAX_PAGE_SIZE, type MarketCode } from '@app/shared';
import { type ApiCall, createApiCatalogue, pathParameterNames } from '@app/shared/api-catalogue';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN, MAX_IDEMPOTENCY_KEY_LENGTH } from '../idempotency/idempotency.header.ts';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) or any other plain JSON object. */
export type JsonObject = Record<string, unknown>;

export interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  description?: string;
  schema: JsonObject;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Array<Record<string, string[]>>;
  parameters: Array<OpenApiParameter | { $ref: string }>;
  requestBody?: JsonObject;
  responses: Record<string, JsonObject>;
}

/** The parts of an OpenAPI 3.1 document this server writes. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    securitySchemes: Record<string, JsonObject>;
    parameters: Record<string, JsonObject>;
    schemas: Record<string, JsonObject>;
    responses: Record<string, JsonObject>;
  };
}

/** The version of the document; the API itself has no versions yet, the document follows the code. */
export const API_DOCUMENT_VERSION = '0.1.0';

const PLAYER_TOKEN = 'playerToken';
const OPERATOR_BEARER = 'operatorBearer';

const TAGS: OpenApiDocument['tags'] = [
  { name: 'platform', description: 'Health, the web app’s start-up configuration and this document.' },
  { name: 'user', description: 'Accounts, sessions and the profile (spec 01 §7).' },
  { name: 'shop', description: 'The public catalogue (spec 01 §7).' },
  { name: 'orders', description: 'Delivery addresses, purchases and orders.' },
  { name: 'wallet', description: 'Recharge, payment channels and webhooks, transactions and transfer.' },
  { name: 'withdrawals', description: 'Bank cards and withdrawals.' },
  { name: 'win', description: 'The colour game (spec 02 §7 “Guess games”).' },
  { name: 'fairness', description: 'Provably-fair verification of the colour game (DESIGN.md §3).' },
  {
    name: 'operator',
    description:
      'The operator API under /admin/api/…: a console session (`Authorization: Operator <token>`) whose role the route allows, or ADMIN_TOKEN for automation.',
  },
];

function describeConventions(market: MarketCode): string {
  const { currency } = getMarket(market);
  return [
    `The HTTP API of the gold shop, as served by this instance (market \`${market}\`, currency ${currency}).`,
    '',
    'Every answer is JSON with `code` (200 on success) and `msg` on failure, and the HTTP status equals `code`;',
    'invalid input answers 400 with a `msg` naming the field, a missing or revoked token 401, unknown routes 404,',
    'too many attempts 429, and an unexpected error 500 with an `error_id` that is in the server log.',
    'Unknown fields are ignored. Messages are English keys, translated by `Accept-Language` where a translation exists.',
    '',
    `Lists take \`p\` (page, from 1) and \`p_size\` (rows per page, 1 to ${MAX_PAGE_SIZE}, default ${DEFAULT_PAGE_SIZE}) and answer`,
    '`page.count` (total rows) and `queryset`. Every GET accepts and ignores the cache-busting `t` parameter.',
    'Money-moving POSTs read an optional `Idempotency-Key` header: a retry with the same key answers the first',
    'answer and moves no money again.',
    '',
    'Request schemas are generated from the zod schemas the server parses its input with (packages/shared),',
    'as input shapes: what a client sends. Success bodies are TypeScript interfaces in packages/shared and are',
    'described here by their envelope only. The /dev/… helpers of a development server are not listed.',
  ].join('\n');
}

/** The input (what a client sends) JSON Schema of a zod schema, without the `$schema` marker. */
export function inputJsonSchema(schema: z.ZodType): JsonObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    // Transforms, pipes and refinements are what the server does with the input; their input side is
    // documented, and anything with no JSON Schema form (a custom check) is documented as any value.
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonObject;
  return json;
}

/** The properties of an object schema as parameters of one location. */
function objectParameters(schema: z.ZodType, location: 'query' | 'path', call: ApiCall): OpenApiParameter[] {
  const json = inputJsonSchema(schema);
  if (json.type !== 'object' || typeof json.properties !== 'object' || json.properties === null) {
    throw new Error(`${call.method} ${call.path}: the ${location} schema must be a zod object`);
  }
  const required = new Set(Array.isArray(json.required) ? (json.required as string[]) : []);
  return Object.entries(json.properties as Record<string, JsonObject>).map(([name, property]) => {
    const parameter: OpenApiParameter = {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      schema: property,
    };
    const description = call.paginated ? PAGINATION_DESCRIPTIONS[name] : undefined;
    return description ? { ...parameter, description } : parameter;
  });
}

const PAGINATION_DESCRIPTIONS: Record<string, string> = {
  p: 'Page number, from 1 (default 1).',
  p_size: `Rows per page, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
};

function securityOf(call: ApiCall): OpenApiOperation['security'] {
  switch (call.auth) {
    case 'none':
      return [];
    case 'token':
      return [{ [PLAYER_TOKEN]: [] }];
    case 'token-for-some-inputs':
      return [{}, { [PLAYER_TOKEN]: [] }];
    case 'operator':
      return [{ [OPERATOR_BEARER]: [] }];
  }
}

function parametersOf(call: ApiCall): OpenApiOperation['parameters'] {
  const parameters: OpenApiOperation['parameters'] = [];
  const fromParams = call.params ? objectParameters(call.params, 'path', call) : [];
  // Path parameters the route reads without a schema (the webhook's channel key) are plain strings.
  for (const name of pathParameterNames(call.path)) {
    parameters.push(
      fromParams.find((parameter) => parameter.name === name) ?? {
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      },
    );
  }
  if (call.query) parameters.push(...objectParameters(call.query, 'query', call));
  if (call.method === 'GET') parameters.push({ $ref: '#/components/parameters/t' });
  if (call.idempotencyKey) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  return parameters;
}

function requestBodyOf(call: ApiCall): JsonObject | undefined {
  if (call.body) {
    return { required: true, content: { 'application/json': { schema: inputJsonSchema(call.body) } } };
  }
  if (call.bodyDescription) {
    // A raw body (the webhooks) is read whatever its type; any other undocumented body is still JSON.
    const mediaType = call.path.startsWith('/webhooks/') ? '*/*' : 'application/json';
    return { required: true, description: call.bodyDescription, content: { [mediaType]: { schema: {} } } };
  }
  return undefined;
}

function responsesOf(call: ApiCall): OpenApiOperation['responses'] {
  const success = call.rawAnswer
    ? { description: call.rawAnswer, content: { 'application/json': { schema: {} } } }
    : { $ref: call.paginated ? '#/components/responses/PageSuccess' : '#/components/responses/Success' };
  const responses: OpenApiOperation['responses'] = { '200': success };
  const takesInput = Boolean(call.query || call.params || call.body || call.bodyDescription);
  if (takesInput || call.method !== 'GET') responses['400'] = { $ref: '#/components/responses/BadRequest' };
  if (call.auth !== 'none') responses['401'] = { $ref: '#/components/responses/Unauthorized' };
  responses['404'] = { $ref: '#/components/responses/NotFound' };
  responses['500'] = { $ref: '#/components/responses/ServerError' };
  return responses;
}

function operationOf(call: ApiCall): OpenApiOperation {
  const operation: OpenApiOperation = {
    operationId: `${call.method.toLowerCase()}${call.path.replace(/[^A-Za-z0-9]+/g, '_')}`.replace(/_$/, ''),
    summary: call.summary,
    tags: [call.tag],
    security: securityOf(call),
    parameters: parametersOf(call),
    responses: responsesOf(call),
  };
  if (call.description) operation.description = call.description;
  const requestBody = requestBodyOf(call);
  if (requestBody) operation.requestBody = requestBody;
  return operation;
}

const envelopeSchema: JsonObject = {
  type: 'object',
  description: 'Every answer: code equals the HTTP status; msg is present on failure.',
  required: ['code'],
  properties: { code: { type: 'integer' }, msg: { type: 'string' } },
};

const errorSchema: JsonObject = {
  type: 'object',
  required: ['code', 'msg'],
  properties: {
    code: { type: 'integer', description: 'The HTTP status.' },
    msg: { type: 'string', description: 'What was wrong; for invalid input it names the field.' },
  },
};

function errorResponse(description: string, code: number, extra: JsonObject = {}): JsonObject {
  return {
    description,
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/Error' },
            { properties: { code: { const: code }, ...extra } },
          ],
        },
      },
    },
  };
}

/** The OpenAPI 3.1 document of the given calls. */
export function buildOpenApiDocument(calls: readonly ApiCall[], market: MarketCode): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const call of calls) {
    const item = paths[call.path] ?? {};
    paths[call.path] = item;
    const method = call.method.toLowerCase();
    if (item[method]) throw new Error(`${call.method} ${call.path} is catalogued twice`);
    item[method] = operationOf(call);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Gold shop API', version: API_DOCUMENT_VERSION, description: describeConventions(market) },
    servers: [{ url: '/' }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        [PLAYER_TOKEN]: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            'The player’s session: `Authorization: Token <token>`, the token answered by /user/login or /user/register.',
        },
        [OPERATOR_BEARER]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The operator: `Authorization: Operator <token>` (a console session from /admin/api/auth/login, limited to its role) or, for automation, `Authorization: Bearer <ADMIN_TOKEN>` (acts as an owner; off while ADMIN_TOKEN is unset).',
        },
      },
      parameters: {
        t: {
          name: 't',
          in: 'query',
          required: false,
          description: 'Cache-busting value (such as the time); accepted and ignored.',
          schema: { type: 'string' },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a money-moving call safe to retry: a repeat with the same key (per user and route) answers the first answer without moving money again. Sent at most once.',
          schema: {
            type: 'string',
            maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
            pattern: IDEMPOTENCY_KEY_PATTERN.source,
          },
        },
      },
      schemas: {
        Envelope: envelopeSchema,
        Error: errorSchema,
        Page: {
          allOf: [
            { $ref: '#/components/schemas/Envelope' },
            {
              type: 'object',
              required: ['page', 'queryset'],
              properties: {
                code: { const: 200 },
                page: {
                  type: 'object',
                  required: ['count'],
                  properties: { count: { type: 'integer', description: 'Total rows over every page.' } },
                },
                queryset: { type: 'array', description: 'The rows of this page.', items: {} },
              },
            },
          ],
        },
      },
      responses: {
        Success: {
          description:
            'Success: `code` 200 and the call’s fields (the TypeScript answer interfaces of packages/shared).',
          content: {
            'application/json': {
              schema: {
                allOf: [{ $ref: '#/components/schemas/Envelope' }, { properties: { code: { const: 200 } } }],
              },
            },
          },
        },
        PageSuccess: {
          description: 'Success: one page of the list.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Page' } } },
        },
        BadRequest: errorResponse('Invalid input; `msg` names the field and why.', 400),
        Unauthorized: errorResponse('Missing, malformed or revoked token.', 401),
        NotFound: errorResponse('No such route, or no such record.', 404),
        ServerError: errorResponse('Unexpected error; `error_id` is in the server log.', 500, {
          error_id: { type: 'string' },
        }),
      },
    },
  };
}

/** Builds the document of the whole API for the server's market once, on first use. */
export class DocsService {
  private document: OpenApiDocument | undefined;

  constructor(private readonly market: MarketCode) {}

  openApiDocument(): OpenApiDocument {
    this.document ??= buildOpenApiDocument(createApiCatalogue(this.market), this.market);
    return this.document;
  }
}
