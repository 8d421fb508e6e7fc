import {
  camelToSnake,
  can,
  contactsMaskedFor,
  IDENTIFIER_SEARCH_LIMIT,
  identifierSearchKind,
  maskAccountNo,
  maskAlienRegNo,
  maskEmail,
  maskPassportNo,
  maskPhone,
  normalizeAlienRegNo,
  PII_FIELD_LABELS,
  type PiiField,
  type Role,
  workerPiiMessages,
} from '@ilson/contracts';
import type { AuditEntry } from '../../audit/trail';
import type { Database } from '../../db/client';
import { digitTerm } from '../../db/list';
import type { Actor } from '../../lib/actor';
import { AppError, forbidden, validationError } from '../../lib/errors';
import type { PiiCipher } from '../../lib/pii';
import { hit } from '../../plugins/rate-limit';
import type { WorkerSearch } from './workers.repository';

/**
 * docs/SECURITY.md: an identifier is kept as AES-256-GCM ciphertext, a keyed hash of its normalised form (exact
 * search, uniqueness) and the masked form replies show. `null` clears all three.
 */
export function alienRegNoColumns(pii: PiiCipher, value: string | null) {
  if (value === null) return { alienRegNoEnc: null, alienRegNoHash: null, alienRegNoMasked: null };
  const digits = normalizeAlienRegNo(value);
  return {
    alienRegNoEnc: pii.encrypt(digits),
    alienRegNoHash: pii.searchHash(digits),
    alienRegNoMasked: maskAlienRegNo(digits),
  };
}

const normalizePassportNo = (value: string) => value.trim().toUpperCase();

export function passportNoColumns(pii: PiiCipher, value: string | null) {
  if (value === null) return { passportNoEnc: null, passportNoHash: null, passportNoMasked: null };
  const normalized = normalizePassportNo(value);
  return {
    passportNoEnc: pii.encrypt(normalized),
    passportNoHash: pii.searchHash(normalized),
    passportNoMasked: maskPassportNo(normalized),
  };
}

/**
 * The worker search box: a name (Korean or Latin, either order), phone digits, or an exact 외국인등록번호
 * (13 digits, dash or not) or 여권번호 (letters and digits), both found by their keyed hash only — a partial
 * number never reaches an identifier. Whoever sees phone numbers masked finds them only by the digits they see.
 */
export function workerSearch(
  pii: PiiCipher,
  q: string | undefined,
  { contactsMasked }: { contactsMasked: boolean },
): WorkerSearch | undefined {
  if (!q) return undefined;
  const digits = digitTerm(q);
  const kind = identifierSearchKind(q);
  return {
    text: q,
    digits,
    phone: contactsMasked ? 'lastFour' : 'any',
    alienRegNoHash: kind === 'alienRegNo' ? pii.searchHash(normalizeAlienRegNo(q)) : undefined,
    passportNoHash: kind === 'passportNo' ? pii.searchHash(normalizePassportNo(q)) : undefined,
  };
}

/** A search term as the access log keeps it: an identifier masked as replies show it, a long number by its tail. */
export function loggedSearchTerm(q: string): string {
  const kind = identifierSearchKind(q);
  if (kind === 'alienRegNo') return maskAlienRegNo(normalizeAlienRegNo(q));
  if (kind === 'passportNo') return maskPassportNo(normalizePassportNo(q));
  const digits = digitTerm(q);
  return digits && digits.length >= 6 ? maskAccountNo(digits) : q;
}

/** A search by a full identifier that was allowed: what the access log records of it. */
export type IdentifierLookup = { field: PiiField; masked: string; reason: string };

export class IdentifierSearchLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMIT', workerPiiMessages.identifierSearchRateLimited);
  }
}

/**
 * docs/SECURITY.md: a search by a full 외국인등록번호 or 여권번호 is a view of personal data. It needs the reveal
 * permission (403 otherwise, decided by the term's shape, never by what it would match), a reason, and a turn
 * of the admin's budget ({@link IDENTIFIER_SEARCH_LIMIT}, kept in `rate_limits` so every process shares it).
 * Any other term needs nothing and answers null.
 */
export async function checkIdentifierSearch(
  db: Database,
  actor: Actor,
  query: { q?: string; reason?: string },
): Promise<IdentifierLookup | null> {
  const field = identifierSearchKind(query.q);
  if (!field || !query.q) return null;
  if (!can(actor.role, 'workers:reveal')) throw forbidden(workerPiiMessages.identifierSearchForbidden);
  const reason = query.reason?.trim() ?? '';
  if (reason.length < 2) {
    throw validationError([{ field: 'reason', message: workerPiiMessages.identifierSearchReasonRequired }]);
  }
  await spendIdentifierLookup(db, actor);
  return { field, masked: loggedSearchTerm(query.q), reason };
}

/** The admin's counter in `rate_limits`. */
export const identifierLookupKey = (adminId: number) => `pii-lookup:admin:${adminId}`;

/** One turn of the admin's identifier budget; past the limit, 429 until the window ends. */
export async function spendIdentifierLookup(db: Database, actor: Actor): Promise<void> {
  const counter = await hit(db, identifierLookupKey(actor.adminId), IDENTIFIER_SEARCH_LIMIT.windowMs);
  if (counter.current > IDENTIFIER_SEARCH_LIMIT.max) {
    throw new IdentifierSearchLimited(Math.max(1, Math.ceil(counter.ttl / 1000)));
  }
}

/** The list's filters as the access log's summary shows them: wire names, set values only, the term masked. */
export function filterSummary(filters: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '' || key === 'reason') continue;
    const shown = key === 'q' && typeof value === 'string' ? loggedSearchTerm(value) : String(value);
    parts.push(`${camelToSnake(key)}=${shown}`);
  }
  return parts.join(', ');
}

/**
 * docs/SECURITY.md: a list read that returns workers' personal data is one access-log entry — which list, its filters,
 * the rows returned — and a search by identifier adds the masked number, its reason and the rows it matched.
 */
export function listViewEntry(
  view: { label: string; targetType: string; filters: Record<string, unknown>; ids: number[]; total: number },
  lookup: IdentifierLookup | null = null,
): AuditEntry {
  const shown = filterSummary(view.filters);
  const search = lookup
    ? `${PII_FIELD_LABELS[lookup.field]} 검색 ${lookup.masked} (일치 ${view.total}건), `
    : '';
  return {
    action: 'VIEW_PII',
    targetType: view.targetType,
    targetId: lookup && view.ids.length === 1 ? view.ids[0] : null,
    summary: `${view.label}: ${search}${view.ids.length}건 표시${shown ? ` [${shown}]` : ''}`,
    diff: lookup ? { ids: view.ids } : null,
    recordCount: view.ids.length,
    reason: lookup?.reason ?? null,
  };
}

/**
 * docs/SECURITY.md: `viewer` sees phone numbers and emails masked (`010-****-5678`, `a***@example.com`) in every reply
 * that carries them; the masks are @ilson/contracts' own.
 */
export function contactsShownTo<T extends { phoneNumber: string; emailAddress?: string }>(
  row: T,
  role: Role,
): T {
  if (!contactsMaskedFor(role)) return row;
  return {
    ...row,
    phoneNumber: maskPhone(row.phoneNumber),
    ...(row.emailAddress === undefined ? {} : { emailAddress: maskEmail(row.emailAddress) }),
  };
}
