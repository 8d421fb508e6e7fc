import { camelToSnake, keysToSnake } from '@ilson/contracts';
import { type $ZodType, safeEncode } from 'zod/v4/core';

/**
 * A reply's JSON written straight from its response schema (docs/wire.md#replies-written-from-the-schema):
 * the same text as the schema's encode, then snake_case keys, then `JSON.stringify` — the one definition of the
 * wire — in one pass, without the two intermediate copies of every row.
 *
 * What the writer knows is the plain part of a schema: objects (unknown keys left out, as encode strips them),
 * arrays, strings and numbers without checks, whole numbers, booleans, enums, literals, null, nullable, optional and
 * unknown. Any other node (a default, a union, a record, a string with a format …) is written by the schema's own
 * encode for that node. A value the writer does not take as the schema says — a missing field, a wrong type —
 * makes the whole reply go through the schema's encode, which names the fault exactly as before.
 */

/** Thrown inside a writer when a value is not what its schema says; never leaves `compileWireJson`. */
const MISMATCH: unique symbol = Symbol('wire-json mismatch');

/** The JSON text of a value, or undefined for an optional property with no value (left out of its object). */
type Write = (value: unknown) => string | undefined;

type Def = {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  coerce?: boolean;
  format?: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
};

function defOf(schema: $ZodType): Def {
  return schema._zod.def as unknown as Def;
}

/** What JSON.stringify escapes in a string: quotes, backslashes, control characters and (lone) surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are exactly what JSON escapes.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string's JSON text: most text (Korean included) needs no escaping and is only quoted. */
function quote(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
}

function mismatch(): never {
  throw MISMATCH;
}

/** A node the writer does not model: its own encode, then the keys to snake_case, then JSON. */
function encodeWith(schema: $ZodType): Write {
  return (value) => {
    const result = safeEncode(schema, value);
    if (!result.success) mismatch();
    return JSON.stringify(keysToSnake(result.data));
  };
}

/** Enum and literal values: their JSON text looked up, anything else refused. */
function oneOf(values: unknown[]): Write {
  const texts = new Map(values.map((value) => [value, JSON.stringify(value)]));
  return (value) => texts.get(value) ?? mismatch();
}

/** A whole number and nothing more: z.int() is itself that check; z.number().int() carries it as its one check. */
function isWholeNumberOnly(def: Def): boolean {
  if (def.format) return def.format === 'safeint' && !def.checks?.length;
  const check = def.checks?.length === 1 ? def.checks[0]!._zod.def : undefined;
  return check?.check === 'number_format' && check.format === 'safeint';
}

function writeObject(def: Def): Write {
  const fields = Object.entries(def.shape!).map(([key, schema]) => ({
    key,
    // `"snake_key":` once, at start-up.
    prefix: `${JSON.stringify(camelToSnake(key))}:`,
    write: compile(schema),
    // As encode: a key may be absent only where its schema is optional, even when undefined would pass (unknown).
    required: schema._zod.optin === undefined,
  }));
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) mismatch();
    const record = value as Record<string, unknown>;
    let out = '{';
    for (const field of fields) {
      const item = record[field.key];
      if (item === undefined && field.required && !(field.key in record)) mismatch();
      const text = field.write(item);
      if (text === undefined) continue;
      out += out.length === 1 ? field.prefix : `,${field.prefix}`;
      out += text;
    }
    return `${out}}`;
  };
}

function compile(schema: $ZodType): Write {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      if (def.checks?.length || def.coerce || def.format) return encodeWith(schema);
      return (value) => (typeof value === 'string' ? quote(value) : mismatch());
    case 'number':
      if (def.coerce) return encodeWith(schema);
      if (!def.format && !def.checks?.length) {
        return (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : mismatch());
      }
      if (isWholeNumberOnly(def)) {
        return (value) => (Number.isSafeInteger(value) ? String(value) : mismatch());
      }
      return encodeWith(schema);
    case 'boolean':
      if (def.coerce) return encodeWith(schema);
      return (value) => (value === true ? 'true' : value === false ? 'false' : mismatch());
    case 'null':
      return (value) => (value === null ? 'null' : mismatch());
    case 'enum':
      return oneOf(Object.values(def.entries!));
    case 'literal':
      return oneOf(def.values!);
    case 'nullable': {
      const inner = compile(def.innerType!);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'optional': {
      const inner = compile(def.innerType!);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'unknown':
    case 'any':
      return (value) => JSON.stringify(keysToSnake(value));
    case 'array': {
      if (def.checks?.length) return encodeWith(schema);
      const element = compile(def.element!);
      return (value) => {
        if (!Array.isArray(value)) mismatch();
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          // As JSON.stringify writes an undefined element.
          out += element(value[i]) ?? 'null';
        }
        return `${out}]`;
      };
    }
    case 'object':
      // A strict or loose object (a catch-all) and checks on the whole object are encode's to judge.
      if (def.catchall || def.checks?.length) return encodeWith(schema);
      return writeObject(def);
    default:
      return encodeWith(schema);
  }
}

/**
 * The reply writer of one response schema. `slow` is the definition — encode, keys to snake_case, JSON — and
 * answers whatever the compiled writer refuses (with the schema's own error when the value is wrong). With `check`
 * (the test suites) every reply is written both ways and a difference is an error: the whole API's tests compare
 * the two on every reply they make.
 */
export function compileWireJson(schema: $ZodType, slow: (value: unknown) => string, check = false) {
  const write = compile(schema);
  return (value: unknown): string => {
    let text: string | undefined;
    try {
      text = write(value);
    } catch (error) {
      if (error !== MISMATCH) throw error;
      return slow(value);
    }
    if (check) {
      const expected = slow(value);
      if (expected !== text) {
        throw new Error(`The compiled reply writer differs from encode:\n${text}\n${expected}`);
      }
    }
    return text ?? slow(value);
  };
}
