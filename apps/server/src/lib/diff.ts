import { isDeepStrictEqual } from 'node:util';
import { FIELD_LABELS } from '@ilson/contracts';

/** The access log's record of a change: `{ field: { before, after } }` of the changed fields only. */
export type Diff = Record<string, { before: unknown; after: unknown }>;

export function diffOf(before: Record<string, unknown>, after: Record<string, unknown>): Diff {
  const diff: Diff = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || isDeepStrictEqual(before[key], value)) continue;
    diff[key] = { before: before[key] ?? null, after: value };
  }
  return diff;
}

/** A new record's diff: every field that holds something, from nothing. */
export function creationDiff(values: Record<string, unknown>): Diff {
  const diff: Diff = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length))
      continue;
    diff[key] = { before: null, after: value };
  }
  return diff;
}

/**
 * The changed fields of a diff by their Korean names, for an access-log summary ("설정 변경: 자동 로그아웃 시간, 기본
 * 매칭 수수료"); a field without a label keeps its key.
 */
export function changedFieldNames(diff: Diff): string {
  return Object.keys(diff)
    .map((key) => FIELD_LABELS[key] ?? key)
    .join(', ');
}
