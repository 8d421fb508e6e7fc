import { camelToSnake, fromWire, keysToSnake } from '@ilson/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';
import { AppError } from '../lib/errors';
import { messages } from '../messages';

/** Deeper than any request the API takes (a resume's entries are three levels): refused before anything recurses. */
export const MAX_BODY_DEPTH = 32;

/**
 * What no request may hold, found without recursion (a hostile body may nest 50,000 deep): nesting deeper than
 * `limit`, or a NUL character in a key or a string (PostgreSQL text cannot store one).
 */
function hostileShape(value: unknown, limit: number): 'deep' | 'nul' | null {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return 'nul';
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limit) return 'deep';
    for (const [key, child] of Object.entries(node)) {
      if (key.includes('\u0000')) return 'nul';
      pending.push([child, depth + 1]);
    }
  }
  return null;
}

function refuseHostile(value: unknown) {
  const found = hostileShape(value, MAX_BODY_DEPTH);
  if (found)
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      found === 'deep' ? messages.bodyTooDeep : messages.nulCharacter,
    );
}

/**
 * The wire is snake_case (docs/ARCHITECTURE.md#wire); the code is camelCase. This is the one place that converts:
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
    if (request.query && typeof request.query === 'object') {
      refuseHostile(request.query);
      request.query = fromWire(request.query);
    }
    const type = request.headers['content-type'] ?? '';
    if (request.body && typeof request.body === 'object' && type.includes('json')) {
      refuseHostile(request.body);
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
