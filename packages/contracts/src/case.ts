/** docs/ARCHITECTURE.md#wire naming convention: camelCase in code, snake_case on the wire. Keys are converted, values are not. */

/**
 * Keys are field names — a few hundred distinct ones — converted for every row of every reply: remembered once
 * converted (bounded, so keys from free-form maps cannot grow it without end).
 */
function memoized(convertKey: (key: string) => string): (key: string) => string {
  const seen = new Map<string, string>();
  return (key) => {
    let converted = seen.get(key);
    if (converted === undefined) {
      converted = convertKey(key);
      if (seen.size < 5_000) seen.set(key, converted);
    }
    return converted;
  };
}

export const snakeToCamel = memoized((key) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));

export const camelToSnake = memoized((key) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase(),
);

type DateLike = { toISOString(): string };

/** A Date, or a date-library value such as dayjs: sent as an ISO string. */
function isDateLike(value: unknown): value is DateLike {
  if (value instanceof Date) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toISOString?: unknown }).toISOString === 'function' &&
    typeof (value as { isValid?: unknown }).isValid === 'function'
  );
}

/** Blobs, files, form data, streams and binary buffers travel untouched. */
function isOpaque(value: object): boolean {
  if (typeof Blob !== 'undefined' && value instanceof Blob) return true;
  if (typeof FormData !== 'undefined' && value instanceof FormData) return true;
  if (typeof URLSearchParams !== 'undefined' && value instanceof URLSearchParams) return true;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return true;
  return typeof (value as { pipe?: unknown }).pipe === 'function';
}

/** Object literals, and dictionaries with no prototype chain (query-string parsers make those). */
function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

function convert(value: unknown, rename: (key: string) => string, serializeDates: boolean): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (isDateLike(value)) return serializeDates ? value.toISOString() : value;
  if (isOpaque(value)) return value;
  if (Array.isArray(value)) return value.map((item) => convert(item, rename, serializeDates));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[rename(key)] = convert(inner, rename, serializeDates);
  return out;
}

/** Outgoing request bodies and query parameters: keys to snake_case, Date/dayjs values to ISO strings. */
export function toWire<T = unknown>(value: unknown): T {
  return convert(value, camelToSnake, true) as T;
}

/** Incoming bodies: keys to camelCase. */
export function fromWire<T = unknown>(value: unknown): T {
  return convert(value, snakeToCamel, false) as T;
}

/** Server-side: keys to snake_case, leaving Date values for the JSON serializer. */
export function keysToSnake<T = unknown>(value: unknown): T {
  return convert(value, camelToSnake, false) as T;
}
