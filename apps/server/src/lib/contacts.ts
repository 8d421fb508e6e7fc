import { maskEmail, maskPhone } from '@ilson/contracts';

/**
 * docs/SECURITY.md#contacts-a-viewer-sees: whoever sees contacts masked gets them masked in every reply, whatever
 * carries them — a record, a linked account, a row of a record's history (the diff's before and after, a
 * reference's phone in a list). The keys below name a contact wherever they appear in a reply.
 */
const CONTACT_KEYS = new Set([
  'phone',
  'email',
  'phoneNumber',
  'phone_number',
  'emailAddress',
  'email_address',
  'managerPhone',
  'manager_phone',
]);

/** One contact as a viewer sees it; a value already masked stays as it is. */
export function maskContact(value: string): string {
  if (value === '' || value.includes('*')) return value;
  return value.includes('@') ? maskEmail(value) : maskPhone(value);
}

/** The reply with every value under a contact key masked, at any depth (a new value; the input is not changed). */
export function maskContactsDeep(value: unknown, underContact = false): unknown {
  if (typeof value === 'string') return underContact ? maskContact(value) : value;
  if (Array.isArray(value)) return value.map((item) => maskContactsDeep(item, underContact));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = maskContactsDeep(item, underContact || CONTACT_KEYS.has(key));
  }
  return out;
}
