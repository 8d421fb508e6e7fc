import { fieldMessages } from './messages';
import { z } from './zod-setup';

/** The largest id a record can have (PostgreSQL integer): a larger one in a path or query is refused, not looked up. */
export const MAX_ID = 2_147_483_647;

const ID_DIGITS = /^[0-9]{1,10}$/;
const idError = { error: fieldMessages.id };

/**
 * An id in a path or query string: plain digits only, 1 to MAX_ID. Number() would also read `1e3`, `0x10`, `+814`
 * and ` 814`; those are refused. A number is taken as it is (the web client's typed queries).
 */
export const idQueryField = z
  .union([z.string().regex(ID_DIGITS, idError), z.number().int(idError)])
  .transform(Number)
  .pipe(z.number().min(1, idError).max(MAX_ID, idError));

export const idParamSchema = z.object({ id: idQueryField });
export type IdParam = z.infer<typeof idParamSchema>;

/** `YYYY-MM-DD`, a real calendar date. */
export const dateString = z.iso.date({ error: fieldMessages.date });

export const optionalText = (max: number) => z.string().trim().max(max).default('');

/** An update sends back the version it read; a stale one is refused with 409 (docs/domain-integrity.md#versioned-rows). */
export const versionField = z.number().int().min(1);

type WithoutDefault<S> = S extends z.ZodDefault<infer Inner> ? Inner : S;

/**
 * Every field optional and none defaulted: a PATCH changes only what it sends. (`.partial()` keeps the
 * create schema's defaults, so a PATCH of one field would reset the others.)
 */
export function patchOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    shape[key] = (
      field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType)
    ).optional();
  }
  return z.object(shape) as unknown as z.ZodObject<{
    [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>>;
  }>;
}

export const okSchema = z.object({ ok: z.literal(true) });

/** `POST /x/{id}/status`: the target status, a reason where the transition needs one, and the version read. */
export function statusChangeSchema<const S extends readonly [string, ...string[]]>(statuses: S) {
  return z.object({
    status: z.enum(statuses),
    reason: z.string().trim().max(500).optional(),
    version: versionField,
  });
}

/**
 * One allowed status change: from (or any), to, whether a reason is required, and the permission it needs.
 * The server enforces these; the web shows exactly the buttons they allow.
 */
export type Transition<S extends string, P extends string = string> = {
  from: S | '*';
  to: S;
  action: string;
  label: string;
  reasonRequired: boolean;
  permission: P;
};

export function allowedTransitions<S extends string, P extends string>(
  table: readonly Transition<S, P>[],
  from: S,
  can: (permission: P) => boolean,
): Transition<S, P>[] {
  return table.filter((t) => (t.from === from || (t.from === '*' && t.to !== from)) && can(t.permission));
}

export function findTransition<S extends string, P extends string>(
  table: readonly Transition<S, P>[],
  from: S,
  to: S,
): Transition<S, P> | undefined {
  return table.find((t) => t.to === to && (t.from === from || (t.from === '*' && from !== to)));
}

/** One row of a record's history tab, taken from the access log. */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  action: z.string(),
  /** The record type the row names (`employer`, …): which labels its diff's values take. */
  targetType: z.string().nullable().optional(),
  actorAdminId: z.number().int().nullable().optional(),
  actorLoginId: z.string().nullable(),
  /** The admin's current name, as the access log shows it (docs/access-log.md#how-a-row-reads). */
  actorName: z.string().nullable().optional(),
  summary: z.string(),
  diff: z.unknown().nullable(),
  reason: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyResponseSchema = z.object({ data: z.array(historyEntrySchema) });

/** Bulk status change: each id succeeds or says why not. */
export const bulkResultSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      ok: z.boolean(),
      code: z.string().optional(),
      message: z.string().optional(),
    }),
  ),
});
