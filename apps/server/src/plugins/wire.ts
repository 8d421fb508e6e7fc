import { camelToSnake, fromWire, keysToSnake } from '@ilson/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/**
 * The wire is snake_case (DESIGN §2); the code is camelCase. This is the one place that converts:
 * incoming query and body keys before validation, outgoing keys after the response schema has
 * encoded (and stripped) the value.
 */
export const wirePlugin = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(({ schema, method, url }) => {
    const zodSchema = schema instanceof $ZodType ? schema : (schema as { properties: $ZodType }).properties;
    return (data) => {
      const result = safeEncode(zodSchema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(keysToSnake(result.data));
    };
  });
  app.addHook('preValidation', async (request) => {
    if (request.query && typeof request.query === 'object') request.query = fromWire(request.query);
    const type = request.headers['content-type'] ?? '';
    if (request.body && typeof request.body === 'object' && type.includes('json')) {
      request.body = fromWire(request.body);
    }
  });
});

type JsonSchema = { [key: string]: unknown };

/** The OpenAPI page shows the wire as it is: property names in snake_case. */
export function snakeCaseJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(snakeCaseJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([prop, inner]) => [
          camelToSnake(prop),
          snakeCaseJsonSchema(inner),
        ]),
      );
    } else if (key === 'required' && Array.isArray(value)) {
      out[key] = value.map((prop) => (typeof prop === 'string' ? camelToSnake(prop) : prop));
    } else {
      out[key] = snakeCaseJsonSchema(value);
    }
  }
  return out;
}
