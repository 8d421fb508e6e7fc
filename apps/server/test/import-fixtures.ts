import {
  arcBirthDate,
  arcDigitRow,
  GENDER_LABELS,
  IMPORT_COLUMNS,
  IMPORT_RUNNING,
  type ImportBatch,
  type ImportResource,
} from '@ilson/contracts';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import { expect } from 'vitest';
import { type Api, alienRegNo, businessRegNo } from './fixtures';

/** The template's headers (as a file from the template would have them, required ones starred). */
export const importHeaders = (resource: ImportResource) =>
  IMPORT_COLUMNS[resource].map((c) => (c.required ? `${c.header}*` : c.header));

/** A worker row in template column order; `seed` makes its 외국인등록번호 and names unique. */
export function workerCells(seed: number, branch: string, overrides: Record<string, string> = {}): string[] {
  // The birth date and gender the 외국인등록번호 states (docs/DOMAIN.md#identity), unless the test names its own.
  const arc = overrides.alienRegNo ?? alienRegNo(seed);
  const stated = arcDigitRow(arc);
  const values: Record<string, string> = {
    nameKo: `응우옌 ${seed}`,
    lastName: 'NGUYEN',
    firstName: `AN ${seed}`,
    gender: stated ? GENDER_LABELS[stated.gender] : seed % 2 ? '남성' : '여성',
    dateOfBirth: arcBirthDate(arc) ?? '1990-01-01',
    nationality: '베트남',
    phoneNumber: `010-${String(1000 + (seed % 9000))}-${String(1000 + ((seed * 7) % 9000))}`,
    emailAddress: '',
    alienRegNo: arc,
    passportNo: '',
    passportExpiryDate: '',
    visaType: 'E-9',
    visaExpiryDate: '2028-03-31',
    entryDate: '2024.07.01',
    koreanLevel: 'TOPIK 2급',
    desiredIndustries: '제조업',
    branch,
    adminMemo: '',
    ...overrides,
  };
  return IMPORT_COLUMNS.workers.map((c) => values[c.key] ?? '');
}

export function employerCells(
  seed: number,
  branch: string,
  overrides: Record<string, string> = {},
): string[] {
  const values: Record<string, string> = {
    companyName: `한빛산업 ${seed}`,
    businessRegNo: businessRegNo(seed),
    ceoName: '김대표',
    openingDate: '2015-04-01',
    bizEntityType: '법인',
    industry: '제조업',
    region: '경기도',
    zipCode: '15588',
    roadAddress: '경기도 안산시 단원구 산단로 1',
    addressDetail: '',
    phone: '031-123-4567',
    email: '',
    managerName: '',
    managerPhone: '',
    employeeCount: '25',
    foreignWorkerCount: '4',
    branch,
    adminMemo: '',
    ...overrides,
  };
  return IMPORT_COLUMNS.employers.map((c) => values[c.key] ?? '');
}

export function csvFile(headers: string[], rows: string[][], encoding: 'utf-8' | 'utf-8-bom' | 'cp949') {
  const text = stringify([headers, ...rows]);
  if (encoding === 'cp949') return iconv.encode(text, 'cp949');
  return Buffer.from(encoding === 'utf-8-bom' ? `\uFEFF${text}` : text, 'utf8');
}

export async function upload(api: Api, resource: ImportResource, file: Buffer, fileName: string) {
  const type = fileName.endsWith('.xlsx')
    ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    : 'text/csv';
  return api.post(`/${resource}/imports?file_name=${encodeURIComponent(fileName)}`, file, {
    'content-type': type,
  });
}

/** Waits until the batch's run has ended; its final state. */
export async function settle(api: Api, resource: ImportResource, id: number, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (true) {
    const response = await api.get(`/${resource}/imports/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const batch = response.json() as ImportBatch & { status: string };
    if (!IMPORT_RUNNING.includes(batch.status as ImportBatch['status'])) return camel(batch);
    if (Date.now() > until) throw new Error(`import ${id} still ${batch.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The reply's snake_case keys as the contracts name them (the tests read counts by their TypeScript names). */
function camel(value: Record<string, unknown>): ImportBatch {
  const convert = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(convert);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.entries(v).map(([key, inner]) => [
        key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()),
        convert(inner),
      ]),
    );
  };
  return convert(value) as ImportBatch;
}

/** Uploads, maps as suggested, runs the dry run: the validated batch. */
export async function dryRun(api: Api, resource: ImportResource, file: Buffer, fileName: string) {
  const uploaded = await upload(api, resource, file, fileName);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const batch = uploaded.json();
  const started = await api.post(`/${resource}/imports/${batch.id}/validate`, { mapping: batch.mapping });
  expect(started.statusCode, started.body).toBe(200);
  return settle(api, resource, batch.id);
}

export async function commitBatch(api: Api, resource: ImportResource, id: number, timeoutMs?: number) {
  const started = await api.post(`/${resource}/imports/${id}/commit`);
  expect(started.statusCode, started.body).toBe(200);
  return settle(api, resource, id, timeoutMs);
}
