import { josa } from 'es-hangul';
import type { z } from 'zod';
import { FALLBACK_FIELD_LABEL, fieldLabel } from './field-labels';

type RawIssue = z.core.$ZodRawIssue;

const num = (value: number | bigint) => value.toLocaleString('ko-KR');

const seoulDate = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

function dateOf(value: number | bigint): string {
  const date = new Date(Number(value));
  return Number.isNaN(date.getTime()) ? num(value) : seoulDate.format(date);
}

function bytes(value: number | bigint): string {
  const n = Number(value);
  if (n >= 1024 * 1024) return `${num(Math.floor((n / (1024 * 1024)) * 10) / 10)}MB`;
  if (n >= 1024) return `${num(Math.floor((n / 1024) * 10) / 10)}KB`;
  return `${num(value)}바이트`;
}

/** What a string format is called, with the pattern it is written in where that helps. */
const FORMAT_NAMES: Record<string, { name: string; hint?: string }> = {
  email: { name: '이메일 주소' },
  url: { name: '웹 주소' },
  emoji: { name: '이모지' },
  uuid: { name: '식별 번호' },
  uuidv4: { name: '식별 번호' },
  uuidv6: { name: '식별 번호' },
  uuidv7: { name: '식별 번호' },
  guid: { name: '식별 번호' },
  nanoid: { name: '식별 번호' },
  cuid: { name: '식별 번호' },
  cuid2: { name: '식별 번호' },
  ulid: { name: '식별 번호' },
  xid: { name: '식별 번호' },
  ksuid: { name: '식별 번호' },
  datetime: { name: '날짜와 시각' },
  date: { name: '날짜', hint: 'YYYY-MM-DD' },
  time: { name: '시각' },
  duration: { name: '기간' },
  ipv4: { name: 'IP 주소' },
  ipv6: { name: 'IP 주소' },
  cidrv4: { name: 'IP 주소 범위' },
  cidrv6: { name: 'IP 주소 범위' },
  mac: { name: 'MAC 주소' },
  base64: { name: '인코딩된 문자열' },
  base64url: { name: '인코딩된 문자열' },
  json_string: { name: 'JSON 문자열' },
  e164: { name: '국제 전화번호' },
  credit_card: { name: '카드 번호' },
  iban: { name: '국제 계좌번호' },
  jwt: { name: '인증 토큰' },
  hostname: { name: '도메인 이름' },
  hex: { name: '16진수 문자열' },
  currency_code: { name: '통화 코드' },
};

/** Hashes come as `sha256_hex` and the like. */
const HASH_FORMAT = /^(md5|sha1|sha256|sha384|sha512)_(hex|base64|base64url)$/;

const eun = (label: string) => josa(label, '은/는');
const eul = (label: string) => josa(label, '을/를');

const isMissing = (input: unknown) => input === undefined || input === null;

const invalid = (label: string) =>
  label === FALLBACK_FIELD_LABEL
    ? `${josa(label, '이/가')} 올바르지 않습니다.`
    : `${label}의 값이 올바르지 않습니다.`;

function invalidType(label: string, expected: string, input: unknown): string {
  if (isMissing(input) || expected === 'nonoptional') {
    return expected === 'boolean' ? `${eul(label)} 선택해 주세요.` : `${eul(label)} 입력해 주세요.`;
  }
  switch (expected) {
    case 'number':
    case 'nan':
      return `${eun(label)} 숫자로 입력해 주세요.`;
    case 'int':
    case 'bigint':
      return `${eun(label)} 정수로 입력해 주세요.`;
    case 'string':
      return `${eun(label)} 문자로 입력해 주세요.`;
    case 'boolean':
      return `${eun(label)} 예 또는 아니요로 선택해 주세요.`;
    case 'date':
      return `${eun(label)} 올바른 날짜로 입력해 주세요.`;
    case 'array':
    case 'tuple':
    case 'set':
      return `${eun(label)} 목록 형식으로 입력해 주세요.`;
    case 'file':
      return `${label}에 파일을 첨부해 주세요.`;
    case 'never':
    case 'undefined':
    case 'void':
      return `${eun(label)} 입력할 수 없는 항목입니다.`;
    default:
      return `${label}의 형식이 올바르지 않습니다.`;
  }
}

type Bound = { origin: string; value: number | bigint; inclusive: boolean; exact: boolean };

function tooSmall(label: string, { origin, value, inclusive, exact }: Bound): string {
  const n = num(value);
  switch (origin) {
    case 'string':
      if (exact) return `${eun(label)} ${n}자로 입력해 주세요.`;
      if (inclusive && Number(value) <= 1) return `${eul(label)} 입력해 주세요.`;
      return inclusive
        ? `${eun(label)} ${n}자 이상 입력해 주세요.`
        : `${eun(label)} ${n}자보다 길게 입력해 주세요.`;
    case 'array':
    case 'set':
    case 'map':
    case 'record':
      if (exact) return `${eun(label)} ${n}개여야 합니다.`;
      if (inclusive && Number(value) <= 1) return `${eul(label)} 하나 이상 입력해 주세요.`;
      return inclusive
        ? `${eun(label)} ${n}개 이상이어야 합니다.`
        : `${eun(label)} ${n}개보다 많아야 합니다.`;
    case 'date':
      return inclusive
        ? `${eun(label)} ${dateOf(value)} 이후여야 합니다.`
        : `${eun(label)} ${dateOf(value)}보다 뒤여야 합니다.`;
    case 'file':
      return inclusive
        ? `${eun(label)} ${bytes(value)} 이상이어야 합니다.`
        : `${eun(label)} ${bytes(value)}보다 커야 합니다.`;
    default:
      return inclusive ? `${eun(label)} ${n} 이상이어야 합니다.` : `${eun(label)} ${n}보다 커야 합니다.`;
  }
}

function tooBig(label: string, { origin, value, inclusive, exact }: Bound): string {
  const n = num(value);
  switch (origin) {
    case 'string':
      if (exact) return `${eun(label)} ${n}자로 입력해 주세요.`;
      return inclusive
        ? `${eun(label)} ${n}자 이하로 입력해 주세요.`
        : `${eun(label)} ${n}자보다 짧게 입력해 주세요.`;
    case 'array':
    case 'set':
    case 'map':
    case 'record':
      if (exact) return `${eun(label)} ${n}개여야 합니다.`;
      return inclusive
        ? `${eun(label)} 최대 ${n}개까지 입력할 수 있습니다.`
        : `${eun(label)} ${n}개보다 적어야 합니다.`;
    case 'date':
      return inclusive
        ? `${eun(label)} ${dateOf(value)} 이전이어야 합니다.`
        : `${eun(label)} ${dateOf(value)}보다 앞서야 합니다.`;
    case 'file':
      return inclusive
        ? `${eun(label)} ${bytes(value)} 이하여야 합니다.`
        : `${eun(label)} ${bytes(value)}보다 작아야 합니다.`;
    default:
      return inclusive ? `${eun(label)} ${n} 이하여야 합니다.` : `${eun(label)} ${n}보다 작아야 합니다.`;
  }
}

function invalidFormat(label: string, iss: RawIssue & { code: 'invalid_format' }): string {
  const text = (key: string) => String(iss[key] ?? '');
  switch (iss.format) {
    case 'starts_with':
      return `${eun(label)} "${text('prefix')}"${josa.pick(text('prefix'), '으로/로')} 시작해야 합니다.`;
    case 'ends_with':
      return `${eun(label)} "${text('suffix')}"${josa.pick(text('suffix'), '으로/로')} 끝나야 합니다.`;
    case 'includes':
      return `${eun(label)} "${text('includes')}"${josa.pick(text('includes'), '을/를')} 포함해야 합니다.`;
    case 'lowercase':
      return `${eun(label)} 영문 소문자로 입력해 주세요.`;
    case 'uppercase':
      return `${eun(label)} 영문 대문자로 입력해 주세요.`;
  }
  const known = FORMAT_NAMES[iss.format] ?? (HASH_FORMAT.test(iss.format) ? { name: '해시 값' } : undefined);
  if (!known) return `${label}의 형식이 올바르지 않습니다.`;
  const what = known.hint ? `${known.name}(${known.hint})` : known.name;
  return `${label}에 올바른 ${what}${josa.pick(known.name, '을/를')} 입력해 주세요.`;
}

/** Allowed values worth naming: a few, each readable without knowing the codes behind the screens. */
function readableOptions(values: readonly unknown[]): string[] | null {
  if (values.length === 0 || values.length > 5) return null;
  const shown: string[] = [];
  for (const value of values) {
    if (typeof value === 'number' || typeof value === 'bigint') shown.push(num(value));
    else if (typeof value === 'string' && value !== '' && value.length <= 20 && !/[A-Za-z]/.test(value))
      shown.push(value);
    else return null;
  }
  return shown;
}

function invalidValue(label: string, values: readonly unknown[], input: unknown): string {
  if (isMissing(input)) return `${eul(label)} 선택해 주세요.`;
  const options = readableOptions(values);
  const wrong = invalid(label);
  if (!options) return wrong;
  if (options.length === 1) return `${wrong} ${options[0]}만 입력할 수 있습니다.`;
  return `${wrong} ${options.join(', ')} 중에서 골라 주세요.`;
}

/**
 * A length check of a string schema that was sent an array (or the reverse): zod still measures it, beside the
 * type issue. It is the wrong type, not the wrong length, that the user has to fix.
 */
function lengthOfWrongType(iss: RawIssue & { code: 'too_small' | 'too_big' }): boolean {
  const expected = iss.schema?._zod.def.type;
  return (
    (expected === 'string' && iss.origin === 'array') || (expected === 'array' && iss.origin === 'string')
  );
}

/** The Korean message of an issue about the field called `label`. */
export function koreanIssueMessage(iss: RawIssue, label: string): string {
  switch (iss.code) {
    case 'invalid_type':
      return invalidType(label, iss.expected, iss.input);
    case 'too_small':
      if (lengthOfWrongType(iss)) return invalidType(label, iss.schema!._zod.def.type, iss.input);
      return tooSmall(label, {
        origin: iss.origin,
        value: iss.minimum,
        inclusive: iss.inclusive ?? true,
        exact: iss.exact ?? false,
      });
    case 'too_big':
      if (lengthOfWrongType(iss)) return invalidType(label, iss.schema!._zod.def.type, iss.input);
      return tooBig(label, {
        origin: iss.origin,
        value: iss.maximum,
        inclusive: iss.inclusive ?? true,
        exact: iss.exact ?? false,
      });
    case 'invalid_format':
      return invalidFormat(label, iss);
    case 'not_multiple_of':
      return `${eun(label)} ${num(iss.divisor)}의 배수여야 합니다.`;
    case 'unrecognized_keys':
      return `${label}에 허용되지 않는 항목 ${num(iss.keys.length)}개가 있습니다.`;
    case 'invalid_union':
      return isMissing(iss.input) ? `${eul(label)} 입력해 주세요.` : invalid(label);
    case 'invalid_key':
      return `${label}에 올바르지 않은 항목 이름이 있습니다.`;
    case 'invalid_element':
      return `${label}에 올바르지 않은 값이 있습니다.`;
    case 'invalid_value':
      if ((iss.inst?._zod.def as { check?: string } | undefined)?.check === 'mime_type') {
        return `${label}의 파일 형식이 올바르지 않습니다.`;
      }
      return invalidValue(label, iss.values, iss.input);
    case 'custom':
      return invalid(label);
    default:
      return invalid(label);
  }
}

/**
 * zod's error map for every issue it can raise, naming the field by its label (field-labels.ts). zod asks it
 * last: a message a schema or a check sets itself (`.min(2, '…')`, `{ error: '…' }`) or a parse passes in
 * still wins.
 */
export function koreanErrorMap(iss: RawIssue): string {
  const path = iss.path ?? [];
  // A record's invalid_key points at the refused key itself; the field is the record.
  const owner = iss.code === 'invalid_key' && iss.origin === 'record' ? path.slice(0, -1) : path;
  return koreanIssueMessage(iss, fieldLabel(owner));
}
