import {
  contactsMaskedFor,
  recordMessages,
  type VisaExpiryRow,
  visaBuckets,
  type visaExpiryQuerySchema,
  visaValidity,
  type z,
} from '@ilson/contracts';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import { cachedSummary } from '../../db/summary-cache';
import type { Actor } from '../../lib/actor';
import { addDays, seoulToday } from '../../lib/dates';
import { validationError } from '../../lib/errors';
import type { PiiCipher } from '../../lib/pii';
import { scopeKey } from '../../lib/scope';
import type { SettingsService } from '../settings/settings.service';
import { countByWindow, type DateWindow, listExpiring } from './visa-expiry.repository';
import { checkIdentifierSearch, contactsShownTo, listViewEntry, workerSearch } from './workers.pii';

type VisaExpiryQuery = z.output<typeof visaExpiryQuerySchema>;

/**
 * `/workers/visa-expiry`: workers whose visa expires within the largest window of `visaAlertDays` (or
 * has expired), by days left in Asia/Seoul, with a count per bucket under the same filters.
 */
export function createVisaExpiryService(deps: {
  db: Database;
  pii: PiiCipher;
  settings: SettingsService;
  /** The bucket counts (a count over every visa in the windows) are reused this long (summary_cache). */
  cacheSeconds?: number;
}) {
  async function board(query: VisaExpiryQuery, actor: Actor, now = new Date()) {
    const { visaAlertDays } = await deps.settings.get();
    const today = seoulToday(now);
    const ranges = visaBuckets(visaAlertDays);
    const windows: Record<string, DateWindow> = Object.fromEntries(
      ranges.map((range) => [
        range.key,
        range.maxDays === null
          ? { to: addDays(today, -1) }
          : { from: addDays(today, range.minDays!), to: addDays(today, range.maxDays) },
      ]),
    );
    const whole: DateWindow = { to: addDays(today, ranges.at(-1)!.maxDays ?? -1) };
    if (query.bucket && !windows[query.bucket]) {
      throw validationError([{ field: 'bucket', message: recordMessages.unknownVisaBucket }]);
    }
    const lookup = await checkIdentifierSearch(deps.db, actor, query);
    const filters = {
      branchId: query.branchId,
      nationality: query.nationality,
      visaType: query.visaType,
      extensionStatus: query.extensionStatus,
      q: workerSearch(deps.pii, query.q, { contactsMasked: contactsMaskedFor(actor.role) }),
    };
    // Without a search term the counts are shared for a minute (they count up to a quarter of all workers);
    // a search term is never part of a cache key (it may be a name or a number).
    const counts = query.q
      ? await countByWindow(deps.db, actor.scope, filters, whole, windows)
      : (
          await cachedSummary(
            deps.db,
            `visa-buckets:${scopeKey(actor.scope)}:${today}:${visaAlertDays.join(',')}:${JSON.stringify({ ...filters, q: undefined })}`,
            deps.cacheSeconds ?? 0,
            () => countByWindow(deps.db, actor.scope, filters, whole, windows),
          )
        ).value;
    const { rows, total, totalEstimated } = await listExpiring(deps.db, actor.scope, {
      filters,
      window: query.bucket ? windows[query.bucket]! : whole,
      today,
      page: query.page,
      pageSize: query.pageSize,
    });
    // The rows are workers' personal data (names, phone numbers): one access-log entry per request.
    const { reason: _reason, ...shown } = query;
    await appendAudit(
      deps.db,
      actor.audit,
      listViewEntry(
        {
          label: '비자 만료 예정 조회',
          targetType: 'worker',
          filters: shown,
          ids: rows.map((r) => r.id),
          total,
        },
        lookup,
      ),
    );
    return {
      buckets: ranges.map((range) => ({
        key: range.key,
        label: range.label,
        maxDays: range.maxDays,
        count: counts[range.key] ?? 0,
      })),
      data: rows.map(
        (row): VisaExpiryRow =>
          contactsShownTo({ ...row, visaValidity: visaValidity(row, today) }, actor.role),
      ),
      meta: { page: query.page, pageSize: query.pageSize, total, totalEstimated },
    };
  }
  return { board };
}
export type VisaExpiryService = ReturnType<typeof createVisaExpiryService>;
