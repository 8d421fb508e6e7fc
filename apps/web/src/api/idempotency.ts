import { IDEMPOTENCY_HEADER_NAME } from '@ilson/contracts';

/**
 * A fresh key for one create attempt: the mutation's automatic retry reuses it, so the server answers a
 * repeat with the first result instead of creating a second record. `randomUUID` needs a secure context,
 * hence the fallback for an admin served over plain HTTP on a LAN.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER_NAME]: key };
}
