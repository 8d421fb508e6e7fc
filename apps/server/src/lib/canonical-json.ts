/** JSON with object keys sorted at every depth, so a value hashes the same after a jsonb round trip. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text as PostgreSQL stores it: UTF-8 has no lone surrogates (the drivers write U+FFFD instead) and text
 * refuses NUL, so both become U+FFFD here, before anything hashes the text.
 */
export function storableText(text: string): string {
  const withoutNul = text.includes('\0') ? text.replaceAll('\0', '\ufffd') : text;
  return withoutNul.replace(LONE_SURROGATE, '\ufffd');
}

/**
 * A value as plain JSON that survives jsonb unchanged: texts and keys storable, dates as ISO text, what JSON
 * leaves out left out, numbers JSON cannot hold as null, bigints as text. What is stored is what is hashed.
 */
export function storableJson(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
      return storableText(value);
    case 'number':
      return Number.isFinite(value) ? value + 0 : null;
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'object':
      break;
    default:
      return null;
  }
  if (value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return storableJson((value as { toJSON(): unknown }).toJSON());
  }
  if (Array.isArray(value)) return value.map(storableJson);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (inner === undefined || typeof inner === 'function' || typeof inner === 'symbol') continue;
    // Own property, even for `__proto__`.
    Object.defineProperty(out, storableText(key), {
      value: storableJson(inner),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
