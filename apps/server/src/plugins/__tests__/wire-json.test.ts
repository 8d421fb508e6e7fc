import { ENDPOINTS, keysToSnake } from '@ilson/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type $ZodType, safeEncode } from 'zod/v4/core';
import { compileWireJson } from '../wire-json';

/** The definition of a reply's text (plugins/wire.ts): the schema's encode, keys to snake_case, JSON. */
function byEncode(schema: $ZodType) {
  return (value: unknown) => {
    const result = safeEncode(schema, value);
    if (!result.success) throw new Error('encode refused the value');
    return JSON.stringify(keysToSnake(result.data));
  };
}

type Def = {
  type: string;
  shape?: Record<string, $ZodType>;
  element?: $ZodType;
  innerType?: $ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: $ZodType[];
  valueType?: $ZodType;
};

/** Hostile text: any code point, or any UTF-16 unit (lone surrogates, quotes, control characters). */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: fc.nat(0xffff).map((unit) => String.fromCharCode(unit)), maxLength: 12 }),
  // The units JSON treats specially, often enough to meet each in every run.
  fc.string({
    unit: fc.constantFrom(
      '"',
      '\\',
      '\u0000',
      '\n',
      '\u001f',
      '\u007f',
      '\u2028',
      '\ud800',
      '\udfff',
      '근',
      'a',
    ),
    maxLength: 6,
  }),
  fc.constantFrom('\ud800', 'a\udc00b', '"\\\n\u0000', '😀 근로자'),
);
const anyValue = fc.anything({ maxDepth: 2, stringUnit: 'binary', withBigInt: false });

/**
 * Values for a schema: mostly what it says, sometimes something else at any node (a wrong type, a missing field,
 * extra keys, undefined, NaN …), so both the writer's own path and its hand-over to encode are tried.
 */
function valuesFor(schema: $ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = schema._zod.def as unknown as Def;
  let faithful: fc.Arbitrary<unknown>;
  switch (def.type) {
    case 'object': {
      const fields = Object.fromEntries(
        Object.entries(def.shape!).map(([k, s]) => [k, valuesFor(s, depth + 1)]),
      );
      faithful = fc
        .tuple(
          fc.record(fields, { requiredKeys: [] }),
          fc.record(fields),
          fc.dictionary(fc.oneof(text, fc.constantFrom('someKey', 'another_key', 'id')), anyValue, {
            maxKeys: 2,
          }),
        )
        .chain(([partial, full, extra]) => fc.constantFrom({ ...full, ...extra }, full, partial));
      break;
    }
    case 'array':
      faithful = fc.array(valuesFor(def.element!, depth + 1), { maxLength: depth > 2 ? 1 : 3 });
      break;
    case 'string':
      faithful = fc.oneof(text, fc.constantFrom('2026-11-28', '2026-11-28T09:00:00+09:00', 'a@b.kr', ''));
      break;
    case 'number':
      faithful = fc.oneof(
        fc.integer(),
        fc.double(),
        fc.constantFrom(-0, 2 ** 53, 2 ** 53 - 1, 1e21, 0.1, Number.NaN, Number.POSITIVE_INFINITY),
      );
      break;
    case 'boolean':
      faithful = fc.boolean();
      break;
    case 'null':
      faithful = fc.constant(null);
      break;
    case 'enum':
      faithful = fc.constantFrom(...Object.values(def.entries!));
      break;
    case 'literal':
      faithful = fc.constantFrom(...def.values!);
      break;
    case 'nullable':
      faithful = fc.oneof(fc.constant(null), valuesFor(def.innerType!, depth));
      break;
    case 'optional':
    case 'default':
      faithful = fc.oneof(fc.constant(undefined), valuesFor(def.innerType!, depth));
      break;
    case 'union':
      faithful = fc.oneof(...def.options!.map((option) => valuesFor(option, depth)));
      break;
    case 'record':
      faithful = fc.dictionary(text, valuesFor(def.valueType!, depth + 1), { maxKeys: 3 });
      break;
    default:
      faithful = anyValue;
  }
  return fc.oneof({ weight: 24, arbitrary: faithful }, { weight: 1, arbitrary: anyValue });
}

type Outcome = { text: string } | { refused: true };

function outcome(write: (value: unknown) => string, value: unknown): Outcome {
  try {
    return { text: write(value) };
  } catch {
    return { refused: true };
  }
}

/** On `runs` random values, the compiled writer gives encode's text, or both refuse the value. */
function writesAsEncode(schema: $ZodType, runs: number) {
  const slow = byEncode(schema);
  const fast = compileWireJson(schema, slow);
  fc.assert(
    fc.property(valuesFor(schema), (value) => {
      expect(outcome(fast, value)).toEqual(outcome(slow, value));
    }),
    { numRuns: runs },
  );
}

/** Every reply schema the API declares, once each. */
const replySchemas = [
  ...new Map(
    ENDPOINTS.flatMap((endpoint) =>
      endpoint.response === 'file' ? [] : [[endpoint.response, endpoint.key] as const],
    ),
  ),
].map(([schema, key]) => ({ key, schema }));

describe('replies written from the schema (plugins/wire-json.ts)', () => {
  it.each(replySchemas)('$key: the same text as encode, or refused by both', ({ schema }) => {
    writesAsEncode(schema, 25);
  });

  it('is the same text on the plain kinds, with hostile values, many times over', () => {
    const schema = z.object({
      id: z.number().int(),
      whole: z.int(),
      ratio: z.number(),
      name: z.string(),
      nickName: z.string().nullable(),
      isActive: z.boolean(),
      status: z.enum(['active', 'inactive']),
      kind: z.literal('worker'),
      memo: z.string().optional(),
      tags: z.array(z.string().nullable()),
      extra: z.unknown(),
      homeAddress: z.object({ zipCode: z.string(), lineOne: z.string() }).nullable(),
      email: z.email().optional(),
    });
    writesAsEncode(schema, 3_000);
  });

  it('hands a wrong value to encode, whose error the reply carries', () => {
    const schema = z.object({ id: z.number().int(), name: z.string(), extra: z.unknown() });
    const fast = compileWireJson(schema, (value) => {
      const result = safeEncode(schema, value as never);
      if (!result.success) throw new Error(`encode: ${result.error.issues[0]!.path.join('.')}`);
      return JSON.stringify(result.data);
    });
    expect(fast({ id: 1, name: '김', extra: undefined, secret: 'x' })).toBe('{"id":1,"name":"김"}');
    expect(() => fast({ id: 1.5, name: '김', extra: null })).toThrow('encode: id');
    expect(() => fast({ id: 1, extra: null })).toThrow('encode: name');
    // An unknown value may be undefined, but its key may not be missing.
    expect(() => fast({ id: 1, name: '김' })).toThrow('encode: extra');
  });

  it('with checking on, a writer that differs from encode is an error', () => {
    const schema = z.object({ id: z.number() });
    const lying = compileWireJson(schema, () => '{"id":2}', true);
    expect(() => lying({ id: 1 })).toThrow('differs from encode');
  });
});
