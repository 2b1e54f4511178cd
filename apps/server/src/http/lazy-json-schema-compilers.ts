import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type SchemaControllerOptions = NonNullable<FastifyServerOptions['schemaController']>;
type CompilersFactory = NonNullable<SchemaControllerOptions['compilersFactory']>;
/** What Fastify calls a compiler factory with: the shared schemas and its `ajv` or serializer option. */
type CompilerBuilder = (externalSchemas: unknown, options: unknown) => unknown;

/**
 * One of Fastify's own default compiler factories, loaded from Fastify's dependencies (as Fastify itself
 * requires it) and made on the first call.
 */
function loadedOnFirstUse(packageName: string): CompilerBuilder {
  let builder: CompilerBuilder | undefined;
  return (externalSchemas, options) => {
    if (!builder) {
      const requireFromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
      builder = (requireFromFastify(packageName) as () => CompilerBuilder)();
    }
    return builder(externalSchemas, options);
  };
}

/**
 * The schema controller option of a Fastify instance (one per instance, as Fastify's defaults are): Fastify's default JSON-schema validator (Ajv) and
 * response serializer (fast-json-stringify, which loads Ajv too), but made when a route first declares a
 * JSON schema instead of with the instance. The routes here validate with zod (http/validation.ts) and
 * declare no JSON schema, so neither is ever needed; Fastify would load and compile both with every instance
 * all the same, a sizeable part of each start of the server. (Fastify counts a given validator factory as a
 * custom one, which changes one thing should a route ever declare a JSON schema of its headers: the header
 * names of that schema are then taken as written, not lower-cased.)
 */
export function lazyJsonSchemaCompilers(): SchemaControllerOptions {
  return {
    compilersFactory: {
      buildValidator: loadedOnFirstUse('@fastify/ajv-compiler') as CompilersFactory['buildValidator'],
      buildSerializer: loadedOnFirstUse(
        '@fastify/fast-json-stringify-compiler',
      ) as CompilersFactory['buildSerializer'],
    },
  };
}
