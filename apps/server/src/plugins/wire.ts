import { camelToSnake, fromWire, keysToSnake } from '@ilson/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';
import { AppError } from '../lib/errors';
import { messages } from '../messages';
import { compileWireJson } from './wire-json';

/** Deeper than any request the API takes (a resume's entries are three levels): refused before anything recurses. */
export const MAX_BODY_DEPTH = 32;

/** What no request may hold, and where: the wire path of the offending value (snake_case keys, array indexes). */
type Hostile = { kind: 'deep' | 'nul'; path: string[] };

/**
 * What no request may hold, found without recursion (a hostile body may nest 50,000 deep): nesting deeper than
 * `limit`, or a NUL character in a key or a string (PostgreSQL text cannot store one).
 */
function hostileShape(value: unknown, limit: number): Hostile | null {
  const pending: [unknown, string[]][] = [[value, []]];
  while (pending.length > 0) {
    const [node, path] = pending.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return { kind: 'nul', path };
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (path.length >= limit) return { kind: 'deep', path: [] };
    for (const [key, child] of Object.entries(node)) {
      // A key with a NUL cannot be named back to the client: its parent is.
      if (key.includes('\u0000')) return { kind: 'nul', path };
      pending.push([child, [...path, key]]);
    }
  }
  return null;
}

function refuseHostile(value: unknown) {
  const found = hostileShape(value, MAX_BODY_DEPTH);
  if (!found) return;
  if (found.kind === 'deep') throw new AppError('INVALID_REQUEST', messages.bodyTooDeep);
  // The field it is in, as a validation error names it, so a form can show it where it was typed.
  const details =
    found.path.length > 0 ? [{ field: found.path.join('.'), message: messages.nulCharacter }] : undefined;
  throw new AppError('INVALID_REQUEST', messages.nulCharacter, details);
}

export type WireOptions = {
  /** Write every reply both ways — compiled and by encode — and fail on a difference (the test suites). */
  checkReplies?: boolean;
};

/**
 * The wire is snake_case (docs/ARCHITECTURE.md#wire); the code is camelCase. This is the one place that converts:
 * incoming query and body keys before validation, outgoing keys after the response schema has
 * encoded (and stripped) the value — by a writer compiled from the schema (wire-json.ts), which answers exactly
 * that text.
 */
export const wirePlugin = fp(async (app: FastifyInstance, options: WireOptions) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(({ schema, method, url }) => {
    const zodSchema = schema instanceof $ZodType ? schema : (schema as { properties: $ZodType }).properties;
    const byEncode = (data: unknown) => {
      const result = safeEncode(zodSchema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(keysToSnake(result.data));
    };
    return compileWireJson(zodSchema, byEncode, options.checkReplies ?? false);
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
