import {
  DUTY_LABELS,
  type Duty,
  GENDER_LABELS,
  type Gender,
  INDUSTRY_LABELS,
  type Industry,
  inForceOn,
  KOREAN_LEVEL_LABELS,
  type KoreanLevel,
  LAW_TABLES,
  type LawTable,
  type LegalBasis,
  type PilotSector,
  REENTRY_KIND_LABELS,
  type ReentryKind,
  STUDY_COURSE_LABELS,
  type StudyCourse,
  sectorRowsWith,
} from '@ilson/contracts';
import { koLaw } from '../../locales/ko/settings';

const t = koLaw;

/** One value of a row in Korean: codes by their labels, money, shares and yes/no as an operator reads them. */
function formatValue(key: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => formatValue(key, item)).join(', ');
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (value === 'all') return t.all;
  if (typeof value === 'number') {
    if (key === 'hourly') return t.won(value);
    if (key === 'shortShare' || key === 'longShare') return t.percent(value);
    if (key === 'rate') return t.times(value);
    if (key === 'employees') return t.people(value);
    if (key === 'century') return t.century(value);
    if (key === 'year' || key === 'digit') return String(value);
    return value.toLocaleString('ko-KR');
  }
  const text = String(value);
  if (key === 'industries') return INDUSTRY_LABELS[text as Industry] ?? text;
  if (key === 'duties') return DUTY_LABELS[text as Duty] ?? text;
  if (key === 'course') return STUDY_COURSE_LABELS[text as StudyCourse] ?? text;
  if (key === 'minKoreanLevel') return KOREAN_LEVEL_LABELS[text as KoreanLevel] ?? text;
  if (key === 'gender') return GENDER_LABELS[text as Gender] ?? text;
  if (key === 'rule') return t.rules[text] ?? text;
  if (key === 'kind') return REENTRY_KIND_LABELS[text as ReentryKind] ?? text;
  return text;
}

export type LawRowView = {
  /** What the row decides, field by field, in Korean. */
  values: { label: string; value: string }[];
  basis: LegalBasis;
  status: 'inForce' | 'upcoming' | 'ended';
  /** An operator-kept row (설정값): the settings hold it, a super admin keeps it current. */
  setting: boolean;
};

/** A row of any law table as the screen shows it: its own values (everything but the basis) and where it stands today. */
export function lawRowView(row: { basis: LegalBasis } & Record<string, unknown>, today: string): LawRowView {
  const values = Object.entries(row)
    .filter(([key, value]) => key !== 'basis' && key !== 'pilot' && value !== undefined && value !== null)
    .map(([key, value]) => ({ label: t.fields[key] ?? key, value: formatValue(key, value) }));
  const { basis } = row;
  const status = inForceOn(basis, today)
    ? 'inForce'
    : basis.effectiveFrom !== null && today < basis.effectiveFrom
      ? 'upcoming'
      : 'ended';
  return { values, basis, status, setting: row.pilot === true };
}

export type LawTableView = {
  key: string;
  title: string;
  /** The setting the rules read instead of these rows (they are its first value). */
  setting: LawTable['setting'];
  total: number;
  rows: LawRowView[];
};

/** Every table of LAW_TABLES with its rows, only those marked 확인 필요 when `verifyOnly` (tables left empty go). */
export function lawTablesView(
  today: string,
  verifyOnly: boolean,
  tables: readonly LawTable[] = LAW_TABLES,
  /** The `pilotSectors` setting: the visa-sector table shows these in place of the pilot rows as released. */
  pilots?: readonly PilotSector[],
): LawTableView[] {
  return tables
    .map((table) =>
      table.key === 'visa-sectors' && pilots ? { ...table, rows: sectorRowsWith(pilots) } : table,
    )
    .map((table) => ({
      key: table.key,
      title: table.title,
      setting: table.setting,
      total: table.rows.length,
      rows: table.rows
        .filter((row) => !verifyOnly || !!row.basis.verify)
        .map((row) => lawRowView(row, today)),
    }))
    .filter((table) => table.rows.length > 0);
}
