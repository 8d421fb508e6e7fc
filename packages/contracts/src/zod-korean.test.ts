import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FALLBACK_FIELD_LABEL, FIELD_LABELS, fieldLabel } from './field-labels';
import * as contracts from './index';
import { VISA_TYPES } from './visas';
import { koreanIssueMessage } from './zod-korean';
import { z } from './zod-setup';

type Issue = z.core.$ZodIssue;

/** Latin the messages may hold: labels and formats the screens write this way too. */
const ALLOWED_PHRASES = ['YYYY-MM-DD', 'YYYY-MM', 'HH:mm', 'a~f'];
const ALLOWED_WORDS = new Set<string>([
  'TOPIK',
  'URL',
  'IP',
  'MAC',
  'JSON',
  'KB',
  'MB',
  // File formats, named as the import and export screens name them (Excel (.xlsx), CSV).
  'Excel',
  'xlsx',
  // The import's note on characters a cell cannot hold (NUL 문자).
  'NUL',
  'CSV',
  'csv',
  ...VISA_TYPES,
]);

/** zod's own Korean locale (z.locales.ko()) and its English default. */
const LIBRARY_PHRASES = [
  '잘못된 입력',
  '잘못된 옵션',
  '잘못된 문자열',
  '잘못된 숫자',
  '잘못된 키',
  '잘못된 값',
  '인식할 수 없는 키',
  '예상 타입',
  '받은 타입',
  '너무 작습니다',
  '너무 큽니다',
  'Invalid',
];

function latinWords(message: string): string[] {
  let rest = message;
  for (const phrase of ALLOWED_PHRASES) rest = rest.replaceAll(phrase, ' ');
  return (rest.match(/[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*/g) ?? []).filter((w) => !ALLOWED_WORDS.has(w));
}

/** Why a message is not one a user should see, or null. */
function problemOf(message: string): string | null {
  if (!/[가-힣]/.test(message)) return 'no Hangul';
  const latin = latinWords(message);
  if (latin.length > 0) return `Latin words: ${latin.join(' ')}`;
  const phrase = LIBRARY_PHRASES.find((p) => message.includes(p));
  if (phrase) return `library wording: ${phrase}`;
  // A schema's own message may end in a note after its sentence: "… 아닙니다. (YYYY-MM-DD)".
  if (!/\.( \([^)]*\))?$/.test(message)) return 'does not end with a full stop';
  return null;
}

function expectReadable(messages: Iterable<string>) {
  const problems = [...new Set(messages)]
    .map((message) => ({ message, problem: problemOf(message) }))
    .filter((m) => m.problem);
  expect(problems).toEqual([]);
}

/** Every message an issue carries, with those of the union branches, map keys and elements inside it. */
function messagesOf(issues: readonly Issue[], into: string[] = []): string[] {
  for (const issue of issues) {
    into.push(issue.message);
    if (issue.code === 'invalid_union') for (const branch of issue.errors) messagesOf(branch, into);
    if (issue.code === 'invalid_key' || issue.code === 'invalid_element') messagesOf(issue.issues, into);
  }
  return into;
}

function issuesOf(schema: z.ZodType, input: unknown): Issue[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(String(input))} to be refused`);
  return result.error.issues;
}

function messageOf(schema: z.ZodType, input: unknown): string {
  return issuesOf(schema, input)[0]!.message;
}

/** The one field of an object, so that the message names it. */
const field = (key: string, schema: z.ZodType) => z.object({ [key]: schema });

describe('field labels', () => {
  it('names a field by the last key of its path, skipping list indexes and reading snake_case', () => {
    expect(fieldLabel(['headcount'])).toBe('모집 인원');
    expect(fieldLabel(['salary_amount'])).toBe('급여액');
    expect(fieldLabel(['workExperience', 0, 'companyName'])).toBe('회사명');
    expect(fieldLabel(['work_experience', '2', 'job_title'])).toBe('직무');
    expect(fieldLabel(['desiredIndustries', 3])).toBe('희망 업종');
    expect(fieldLabel(['minimumWageByYear', '2025'])).toBe('연도별 최저시급');
    expect(fieldLabel(['page_size'])).toBe('페이지 크기');
  });

  it('falls back to 입력값 for a path naming no known field', () => {
    expect(fieldLabel([])).toBe(FALLBACK_FIELD_LABEL);
    expect(fieldLabel([0, 1])).toBe('입력값');
    expect(fieldLabel(['noSuchField'])).toBe('입력값');
    expect(fieldLabel(['constructor'])).toBe('입력값');
    expect(fieldLabel(['__proto__'])).toBe('입력값');
    expect(fieldLabel([Symbol('x')])).toBe('입력값');
  });

  it('ends every label with a Hangul syllable, so its particle can be chosen', () => {
    const bad = Object.entries(FIELD_LABELS).filter(([, label]) => !/[가-힣]$/.test(label));
    expect(bad).toEqual([]);
  });
});

describe('particles come from the label', () => {
  const required = (label: string) =>
    koreanIssueMessage({ code: 'invalid_type', expected: 'number', input: undefined }, label);
  const atLeastOne = (label: string) =>
    koreanIssueMessage({ code: 'too_small', origin: 'number', minimum: 1, inclusive: true, input: 0 }, label);

  it('picks 을/은 after a final consonant and 를/는 after a vowel', () => {
    expect(required('모집 인원')).toBe('모집 인원을 입력해 주세요.');
    expect(atLeastOne('모집 인원')).toBe('모집 인원은 1 이상이어야 합니다.');
    expect(atLeastOne('E-9 비전문취업')).toBe('E-9 비전문취업은 1 이상이어야 합니다.');
    expect(required('E-9 비전문취업')).toBe('E-9 비전문취업을 입력해 주세요.');
    expect(required('비밀번호')).toBe('비밀번호를 입력해 주세요.');
    expect(atLeastOne('페이지 크기')).toBe('페이지 크기는 1 이상이어야 합니다.');
    expect(required('시·군·구')).toBe('시·군·구를 입력해 주세요.');
    expect(atLeastOne('TOPIK 1급')).toBe('TOPIK 1급은 1 이상이어야 합니다.');
  });

  it('picks 이/가 and 으로/로 (로 after ㄹ)', () => {
    expect(koreanIssueMessage({ code: 'custom', input: 'x' }, '입력값')).toBe('입력값이 올바르지 않습니다.');
    const startsWith = (prefix: string) =>
      koreanIssueMessage({ code: 'invalid_format', format: 'starts_with', prefix, input: 'x' }, '지점 코드');
    expect(startsWith('서울')).toBe('지점 코드는 "서울"로 시작해야 합니다.');
    expect(startsWith('부산')).toBe('지점 코드는 "부산"으로 시작해야 합니다.');
    expect(startsWith('대구')).toBe('지점 코드는 "대구"로 시작해야 합니다.');
  });

  it('fits the particle of every field label to its final syllable', () => {
    for (const [key, label] of Object.entries(FIELD_LABELS)) {
      const last = label.charCodeAt(label.length - 1) - 0xac00;
      const closed = last % 28 !== 0;
      expect(messageOf(field(key, z.string()), {})).toBe(`${label}${closed ? '을' : '를'} 입력해 주세요.`);
      expect(messageOf(field(key, z.number().min(1)), { [key]: 0 })).toBe(
        `${label}${closed ? '은' : '는'} 1 이상이어야 합니다.`,
      );
    }
  });
});

/** A schema and an input it refuses with the issue named, and the message we expect when we write one. */
type Case = [schema: z.ZodType, input: unknown, expected?: string];

const fileOf = (size: number, type = 'text/plain') => new File(['x'.repeat(size)], 'a.txt', { type });

/** One case (at least) for every issue code zod has: the Record type fails to compile when zod adds one. */
const ISSUE_CODES: Record<z.core.$ZodIssueCode, Case[]> = {
  invalid_type: [
    [field('headcount', z.number()), {}, '모집 인원을 입력해 주세요.'],
    [field('headcount', z.number()), { headcount: null }, '모집 인원을 입력해 주세요.'],
    [field('headcount', z.number()), { headcount: '3' }, '모집 인원은 숫자로 입력해 주세요.'],
    [field('headcount', z.int()), { headcount: 1.5 }, '모집 인원은 정수로 입력해 주세요.'],
    [field('salaryAmount', z.number()), { salaryAmount: Number.NaN }, '급여액은 숫자로 입력해 주세요.'],
    [field('salaryAmount', z.bigint()), { salaryAmount: 1 }, '급여액은 정수로 입력해 주세요.'],
    [field('title', z.string()), { title: 3 }, '제목은 문자로 입력해 주세요.'],
    [field('isPinned', z.boolean()), { isPinned: 'yes' }, '상단 고정은 예 또는 아니요로 선택해 주세요.'],
    [field('isPinned', z.boolean()), {}, '상단 고정을 선택해 주세요.'],
    [field('deadline', z.date()), { deadline: 'soon' }, '마감일은 올바른 날짜로 입력해 주세요.'],
    [field('workDays', z.array(z.string())), { workDays: 'mon' }, '근무 요일은 목록 형식으로 입력해 주세요.'],
    [field('skills', z.set(z.string())), { skills: 'a' }, '보유 기술은 목록 형식으로 입력해 주세요.'],
    [
      field('workExperience', z.tuple([z.string()])),
      { workExperience: 1 },
      '경력은 목록 형식으로 입력해 주세요.',
    ],
    [field('meta', z.object({})), { meta: 'x' }, '목록 정보의 형식이 올바르지 않습니다.'],
    [field('minimumWageByYear', z.record(z.string(), z.number())), { minimumWageByYear: 1 }],
    [field('diff', z.map(z.string(), z.number())), { diff: 1 }],
    [field('content', z.file()), { content: 'x' }, '내용에 파일을 첨부해 주세요.'],
    [field('q', z.never()), { q: 'x' }, '검색어는 입력할 수 없는 항목입니다.'],
    [field('q', z.undefined()), { q: 'x' }, '검색어는 입력할 수 없는 항목입니다.'],
    [field('q', z.null()), { q: 'x' }],
    [field('q', z.symbol()), { q: 'x' }],
    [field('q', z.nan()), { q: 'x' }],
    [field('q', z.instanceof(Date)), { q: 'x' }],
    [field('q', z.string().optional().nonoptional()), {}, '검색어를 입력해 주세요.'],
  ],
  too_small: [
    [field('title', z.string().min(2)), { title: 'a' }, '제목은 2자 이상 입력해 주세요.'],
    [field('title', z.string().min(1)), { title: '' }, '제목을 입력해 주세요.'],
    [field('nationality', z.string().length(2)), { nationality: 'K' }, '국적은 2자로 입력해 주세요.'],
    [field('headcount', z.number().min(1)), { headcount: 0 }, '모집 인원은 1 이상이어야 합니다.'],
    [field('headcount', z.number().positive()), { headcount: 0 }, '모집 인원은 0보다 커야 합니다.'],
    [
      field('salaryAmount', z.number().min(10_000)),
      { salaryAmount: 1 },
      '급여액은 10,000 이상이어야 합니다.',
    ],
    [
      field('salaryAmount', z.int()),
      { salaryAmount: -(2 ** 60) },
      '급여액은 -9,007,199,254,740,991 이상이어야 합니다.',
    ],
    [field('amount', z.bigint().min(1_000n)), { amount: 1n }, '공급가액은 1,000 이상이어야 합니다.'],
    [field('amount', z.bigint().positive()), { amount: 0n }, '공급가액은 0보다 커야 합니다.'],
    [
      field('deadline', z.date().min(new Date('2025-03-01T00:00:00+09:00'))),
      { deadline: new Date('2025-01-01') },
      '마감일은 2025년 3월 1일 이후여야 합니다.',
    ],
    [field('workDays', z.array(z.string()).min(1)), { workDays: [] }, '근무 요일을 하나 이상 입력해 주세요.'],
    [
      field('workDays', z.array(z.string()).min(3)),
      { workDays: ['mon'] },
      '근무 요일은 3개 이상이어야 합니다.',
    ],
    [field('workDays', z.array(z.string()).length(2)), { workDays: ['mon'] }, '근무 요일은 2개여야 합니다.'],
    [field('workDays', z.tuple([z.string(), z.string()])), { workDays: ['mon'] }],
    [
      field('skills', z.set(z.string()).min(2)),
      { skills: new Set(['a']) },
      '보유 기술은 2개 이상이어야 합니다.',
    ],
    [field('skills', z.set(z.string()).size(2)), { skills: new Set(['a']) }, '보유 기술은 2개여야 합니다.'],
    [field('diff', z.map(z.string(), z.string()).min(2)), { diff: new Map([['a', 'b']]) }],
    [field('content', z.file().min(2048)), { content: fileOf(10) }, '내용은 2KB 이상이어야 합니다.'],
    [field('content', z.file().min(10)), { content: fileOf(1) }, '내용은 10바이트 이상이어야 합니다.'],
  ],
  too_big: [
    [field('title', z.string().max(100)), { title: 'a'.repeat(101) }, '제목은 100자 이하로 입력해 주세요.'],
    [field('nationality', z.string().length(2)), { nationality: 'KOR' }, '국적은 2자로 입력해 주세요.'],
    [field('headcount', z.number().max(1000)), { headcount: 1001 }, '모집 인원은 1,000 이하여야 합니다.'],
    [field('headcount', z.number().lt(1000)), { headcount: 1000 }, '모집 인원은 1,000보다 작아야 합니다.'],
    [field('headcount', z.number().negative()), { headcount: 1 }, '모집 인원은 0보다 작아야 합니다.'],
    [
      field('salaryAmount', z.int()),
      { salaryAmount: 2 ** 60 },
      '급여액은 9,007,199,254,740,991 이하여야 합니다.',
    ],
    [field('salaryAmount', z.int32()), { salaryAmount: 2 ** 40 }, '급여액은 2,147,483,647 이하여야 합니다.'],
    [field('amount', z.bigint().max(10n)), { amount: 11n }, '공급가액은 10 이하여야 합니다.'],
    [
      field('deadline', z.date().max(new Date('2025-03-01T00:00:00+09:00'))),
      { deadline: new Date('2026-01-01') },
      '마감일은 2025년 3월 1일 이전이어야 합니다.',
    ],
    [
      field('ids', z.array(z.number()).max(200)),
      { ids: Array(201).fill(1) },
      '선택한 항목은 최대 200개까지 입력할 수 있습니다.',
    ],
    [
      field('workDays', z.array(z.string()).length(2)),
      { workDays: ['a', 'b', 'c'] },
      '근무 요일은 2개여야 합니다.',
    ],
    [field('workDays', z.tuple([z.string()])), { workDays: ['a', 'b'] }],
    [
      field('skills', z.set(z.string()).max(1)),
      { skills: new Set(['a', 'b']) },
      '보유 기술은 최대 1개까지 입력할 수 있습니다.',
    ],
    [field('diff', z.map(z.string(), z.string()).max(0)), { diff: new Map([['a', 'b']]) }],
    [
      field('content', z.file().max(1024 * 1024)),
      { content: fileOf(2 * 1024 * 1024) },
      '내용은 1MB 이하여야 합니다.',
    ],
  ],
  invalid_format: [
    [field('email', z.email()), { email: 'x' }, '이메일에 올바른 이메일 주소를 입력해 주세요.'],
    [
      field('publishAt', z.iso.datetime()),
      { publishAt: 'x' },
      '게시 예정 시각에 올바른 날짜와 시각을 입력해 주세요.',
    ],
    [
      field('deadline', z.iso.date()),
      { deadline: '2025-02-30' },
      '마감일에 올바른 날짜(YYYY-MM-DD)를 입력해 주세요.',
    ],
  ],
  not_multiple_of: [
    [
      field('breakMinutes', z.number().multipleOf(5)),
      { breakMinutes: 7 },
      '휴게 시간은 5의 배수여야 합니다.',
    ],
    [field('amount', z.bigint().multipleOf(1000n)), { amount: 1n }, '공급가액은 1,000의 배수여야 합니다.'],
  ],
  unrecognized_keys: [
    [
      field('meta', z.strictObject({})),
      { meta: { a: 1, b: 2 } },
      '목록 정보에 허용되지 않는 항목 2개가 있습니다.',
    ],
    [z.strictObject({}), { a: 1 }, '입력값에 허용되지 않는 항목 1개가 있습니다.'],
  ],
  invalid_union: [
    [field('vat', z.union([z.number(), z.boolean()])), { vat: 'x' }, '부가세의 값이 올바르지 않습니다.'],
    [field('vat', z.union([z.number(), z.boolean()])), {}, '부가세를 입력해 주세요.'],
    [field('vat', z.xor([z.number(), z.number().int()])), { vat: 1 }, '부가세의 값이 올바르지 않습니다.'],
    [
      field(
        'related',
        z.discriminatedUnion('type', [
          z.object({ type: z.literal('a') }),
          z.object({ type: z.literal('b') }),
        ]),
      ),
      { related: { type: 'c' } },
    ],
  ],
  invalid_key: [
    [
      field('minimumWageByYear', z.record(z.string().regex(/^\d{4}$/), z.number())),
      { minimumWageByYear: { abc: 1 } },
      '연도별 최저시급에 올바르지 않은 항목 이름이 있습니다.',
    ],
    [
      field('diff', z.map(z.strictObject({}), z.number())),
      { diff: new Map([[{ a: 1 }, 1]]) },
      '변경 내용에 올바르지 않은 항목 이름이 있습니다.',
    ],
  ],
  invalid_element: [
    [
      field('diff', z.map(z.object({}), z.number())),
      { diff: new Map([[{}, 'x']]) },
      '변경 내용에 올바르지 않은 값이 있습니다.',
    ],
  ],
  invalid_value: [
    [field('order', z.enum(['asc', 'desc'])), { order: 'up' }, '정렬 순서의 값이 올바르지 않습니다.'],
    [field('order', z.enum(['asc', 'desc'])), {}, '정렬 순서를 선택해 주세요.'],
    [
      field('rating', z.literal([1, 2, 3, 4, 5])),
      { rating: 6 },
      '평점의 값이 올바르지 않습니다. 1, 2, 3, 4, 5 중에서 골라 주세요.',
    ],
    [field('ok', z.literal(true)), { ok: false }, '처리 결과의 값이 올바르지 않습니다.'],
    [
      field('region', z.literal('서울특별시')),
      { region: '부산' },
      '시도의 값이 올바르지 않습니다. 서울특별시만 입력할 수 있습니다.',
    ],
    [field('visaType', z.enum(VISA_TYPES)), { visaType: 'X-1' }, '체류자격의 값이 올바르지 않습니다.'],
    [
      field('content', z.file().mime('image/png')),
      { content: fileOf(1) },
      '내용의 파일 형식이 올바르지 않습니다.',
    ],
    [z.literal(1), 2, '입력값이 올바르지 않습니다. 1만 입력할 수 있습니다.'],
  ],
  custom: [
    [
      field(
        'reason',
        z.string().refine(() => false),
      ),
      { reason: 'x' },
      '사유의 값이 올바르지 않습니다.',
    ],
    [
      field(
        'reason',
        z.string().superRefine((_, ctx) => ctx.addIssue({ code: 'custom' })),
      ),
      { reason: 'x' },
      '사유의 값이 올바르지 않습니다.',
    ],
    [
      field(
        'reason',
        z.custom<string>(() => false),
      ),
      { reason: 'x' },
      '사유의 값이 올바르지 않습니다.',
    ],
    [z.string().refine(() => false), 'x', '입력값이 올바르지 않습니다.'],
  ],
};

/** A refused value for every string format zod names; the Record type fails to compile when one is added. */
const STRING_FORMATS: Record<z.core.$ZodStringFormats, Case> = {
  email: [z.email(), 'x', '이메일에 올바른 이메일 주소를 입력해 주세요.'],
  url: [z.url(), 'x', '이메일에 올바른 웹 주소를 입력해 주세요.'],
  emoji: [z.emoji(), 'x'],
  uuid: [z.uuid(), 'x', '이메일에 올바른 식별 번호를 입력해 주세요.'],
  guid: [z.guid(), 'x'],
  nanoid: [z.nanoid(), '!'],
  cuid: [z.cuid(), '!'],
  cuid2: [z.cuid2(), '!'],
  ulid: [z.ulid(), '!'],
  xid: [z.xid(), '!'],
  ksuid: [z.ksuid(), '!'],
  datetime: [z.iso.datetime(), 'x', '이메일에 올바른 날짜와 시각을 입력해 주세요.'],
  date: [z.iso.date(), '2025-02-30', '이메일에 올바른 날짜(YYYY-MM-DD)를 입력해 주세요.'],
  time: [z.iso.time(), '25:00', '이메일에 올바른 시각을 입력해 주세요.'],
  duration: [z.iso.duration(), 'x', '이메일에 올바른 기간을 입력해 주세요.'],
  ipv4: [z.ipv4(), 'x', '이메일에 올바른 IP 주소를 입력해 주세요.'],
  ipv6: [z.ipv6(), 'x'],
  cidrv4: [z.cidrv4(), 'x', '이메일에 올바른 IP 주소 범위를 입력해 주세요.'],
  cidrv6: [z.cidrv6(), 'x'],
  base64: [z.base64(), '!'],
  base64url: [z.base64url(), '!'],
  json_string: [
    z.stringFormat('json_string', () => false),
    'x',
    '이메일에 올바른 JSON 문자열을 입력해 주세요.',
  ],
  e164: [z.e164(), 'x', '이메일에 올바른 국제 전화번호를 입력해 주세요.'],
  credit_card: [z.creditCard(), '1234', '이메일에 올바른 카드 번호를 입력해 주세요.'],
  iban: [z.iban(), 'x', '이메일에 올바른 국제 계좌번호를 입력해 주세요.'],
  lowercase: [z.string().lowercase(), 'ABC', '이메일은 영문 소문자로 입력해 주세요.'],
  uppercase: [z.string().uppercase(), 'abc', '이메일은 영문 대문자로 입력해 주세요.'],
  regex: [z.string().regex(/^\d+$/), 'x', '이메일의 형식이 올바르지 않습니다.'],
  jwt: [z.jwt(), 'x', '이메일에 올바른 인증 토큰을 입력해 주세요.'],
  starts_with: [z.string().startsWith('서울'), 'x', '이메일은 "서울"로 시작해야 합니다.'],
  ends_with: [z.string().endsWith('점'), 'x', '이메일은 "점"으로 끝나야 합니다.'],
  includes: [z.string().includes('지점'), 'x', '이메일은 "지점"을 포함해야 합니다.'],
};

/** Formats zod raises outside that list. */
const OTHER_FORMATS: [string, Case][] = [
  ['mac', [z.mac(), 'x', '이메일에 올바른 MAC 주소를 입력해 주세요.']],
  ['hostname', [z.hostname(), '-', '이메일에 올바른 도메인 이름을 입력해 주세요.']],
  ['hex', [z.hex(), 'xyz', '이메일에 올바른 16진수 문자열을 입력해 주세요.']],
  ['currency_code', [z.currencyCode(), 'x', '이메일에 올바른 통화 코드를 입력해 주세요.']],
  ['sha256_hex', [z.hash('sha256'), 'x', '이메일에 올바른 해시 값을 입력해 주세요.']],
  ['template_literal', [z.templateLiteral(['D-', z.number()]), 'x', '이메일의 형식이 올바르지 않습니다.']],
  ['custom', [z.stringFormat('postal', () => false), 'x', '이메일의 형식이 올바르지 않습니다.']],
];

describe('the Korean error map', () => {
  for (const [code, cases] of Object.entries(ISSUE_CODES)) {
    it(`writes ${code}`, () => {
      for (const [schema, input, expected] of cases) {
        const issues = issuesOf(schema, input);
        expect(issues.map((i) => i.code)).toContain(code);
        const issue = issues.find((i) => i.code === code)!;
        if (expected !== undefined) expect(issue.message).toBe(expected);
        expectReadable(messagesOf(issues));
      }
    });
  }

  it('writes invalid_format for every string format', () => {
    const formats = [...Object.entries(STRING_FORMATS), ...OTHER_FORMATS];
    for (const [format, [schema, input, expected]] of formats) {
      const issues = issuesOf(field('email', schema), { email: input });
      const issue = issues.find((i) => i.code === 'invalid_format');
      expect(issue, format).toBeDefined();
      if (format !== 'custom') expect((issue as { format?: string }).format).toBe(format);
      if (expected !== undefined) expect(issue!.message, format).toBe(expected);
      expectReadable(messagesOf(issues));
    }
  });

  it('names the type, not the length, when zod measures a value of the wrong type', () => {
    const nationality = field('nationality', z.string().length(2));
    const arrayInput = issuesOf(nationality, { nationality: ['K', 'R', 'X'] });
    expect(arrayInput.map((i) => i.code)).toEqual(['invalid_type', 'too_big']);
    expect(new Set(arrayInput.map((i) => i.message))).toEqual(new Set(['국적은 문자로 입력해 주세요.']));
    const workDays = field('workDays', z.array(z.string()).max(7));
    const stringInput = issuesOf(workDays, { workDays: 'mon,tue,wed,thu' });
    expect(stringInput.map((i) => i.code)).toEqual(['invalid_type', 'too_big']);
    expect(new Set(stringInput.map((i) => i.message))).toEqual(
      new Set(['근무 요일은 목록 형식으로 입력해 주세요.']),
    );
  });

  it('writes too_small and too_big for every origin', () => {
    const origins = (code: 'too_small' | 'too_big') =>
      new Set(
        ISSUE_CODES[code].flatMap(([schema, input]) =>
          issuesOf(schema, input).flatMap((i) => (i.code === code ? [i.origin] : [])),
        ),
      );
    const all = ['string', 'number', 'int', 'bigint', 'date', 'array', 'set', 'map', 'file'];
    expect([...origins('too_small')].sort()).toEqual([...all].sort());
    expect([...origins('too_big')].sort()).toEqual([...all].sort());
  });
});

describe('messages a schema sets itself keep precedence', () => {
  it('keeps a check’s own message over ours', () => {
    const title = z.string().trim().min(2, '제목을 2자 이상 입력해 주세요.');
    expect(messageOf(field('title', title), { title: 'a' })).toBe('제목을 2자 이상 입력해 주세요.');
    expect(messageOf(contracts.jobPostInputSchema, { title: 'a' })).toBe('사업주를 선택해 주세요.');
    expect(
      issuesOf(contracts.jobPostInputSchema, { title: 'a' }).find((i) => i.path[0] === 'title')?.message,
    ).toBe('제목을 2자 이상 입력해 주세요.');
  });

  it('keeps a schema’s { error } for its own issues and for its checks without one', () => {
    const branch = z.number({ error: '담당 지점을 선택해 주세요.' }).int().positive();
    expect(messageOf(field('branchId', branch), {})).toBe('담당 지점을 선택해 주세요.');
    expect(messageOf(field('branchId', branch), { branchId: -1 })).toBe('담당 지점을 선택해 주세요.');
    const region = z.enum(['서울특별시'], { error: '시도를 선택해 주세요.' });
    expect(messageOf(field('region', region), { region: 'x' })).toBe('시도를 선택해 주세요.');
  });

  it('keeps a check’s message over its schema’s, and a refinement’s', () => {
    const title = z.string({ error: '제목을 입력해 주세요.' }).max(3, '제목은 3자까지입니다.');
    expect(messageOf(field('title', title), { title: 'abcd' })).toBe('제목은 3자까지입니다.');
    const reason = z.string().refine((v) => v.length > 3, { message: '사유를 더 적어 주세요.' });
    expect(messageOf(field('reason', reason), { reason: 'a' })).toBe('사유를 더 적어 주세요.');
  });

  it('keeps an error map passed to the parse over ours', () => {
    const result = field('headcount', z.number()).safeParse({}, { error: () => '직접 정한 메시지입니다.' });
    expect(result.error?.issues[0]?.message).toBe('직접 정한 메시지입니다.');
  });

  it('writes ours where the schema sets none', () => {
    expect(messageOf(contracts.jobPostInputSchema.pick({ headcount: true }), { headcount: 0 })).toBe(
      '모집 인원은 1 이상이어야 합니다.',
    );
    expect(messageOf(contracts.jobPostInputSchema.pick({ headcount: true }), {})).toBe(
      '모집 인원을 입력해 주세요.',
    );
  });
});

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** The schema under defaults, optionals, pipes and the like. */
function core(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (
    ['default', 'prefault', 'optional', 'nullable', 'readonly', 'catch', 'nonoptional'].includes(def.type)
  ) {
    return core(def.innerType as z.ZodType);
  }
  if (def.type === 'pipe') return core(def.in as z.ZodType);
  if (def.type === 'lazy') return core((def.getter as () => z.ZodType)());
  return schema;
}

const LONG = 'a'.repeat(250_001);
const SCALARS: unknown[] = [
  undefined,
  null,
  true,
  0,
  -1,
  1.5,
  -1e21,
  1e21,
  2 ** 60,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  '   ',
  'x',
  '가'.repeat(300),
  'a'.repeat(5001),
  LONG,
  '2025-02-30',
  '25:99',
  'not-an-email',
  [],
  [null, 1, 'x', {}],
  {},
  { unknownKey: 1 },
];

/** Hostile values for a schema: wrong types, empties, huge and negative numbers, long strings, bad entries. */
function hostile(schema: z.ZodType, depth = 0): unknown[] {
  if (depth > 3) return SCALARS;
  const inner = core(schema);
  const def = defOf(inner);
  const values = [...SCALARS];
  if (def.type === 'object') {
    const shape = (inner as z.ZodObject).shape as Record<string, z.ZodType>;
    for (const [key, fieldSchema] of Object.entries(shape)) {
      for (const value of hostile(fieldSchema, depth + 1)) values.push({ [key]: value, unknownKey: 'x' });
    }
  } else if (def.type === 'array') {
    const element = def.element as z.ZodType;
    values.push(Array(250).fill(1), Array(1001).fill('x'));
    for (const value of hostile(element, depth + 1)) values.push([value]);
  } else if (def.type === 'record') {
    for (const value of hostile(def.valueType as z.ZodType, depth + 1))
      values.push({ abc: value, '2025': value });
  } else if (def.type === 'union') {
    for (const option of def.options as z.ZodType[]) values.push(...hostile(option, depth + 1));
  }
  return values;
}

/** Every zod schema the contracts export (and those grouped in an exported object). */
function exportedSchemas(): [string, z.ZodType][] {
  const found: [string, z.ZodType][] = [];
  for (const [name, value] of Object.entries(contracts)) {
    if (value instanceof z.ZodType) found.push([name, value]);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) {
        if (inner instanceof z.ZodType) found.push([`${name}.${key}`, inner]);
      }
    }
  }
  return found;
}

describe('every exported schema, fed hostile input', () => {
  const schemas = exportedSchemas();

  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(100);
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'jobPostInputSchema',
        'workerInputSchema',
        'listQuerySchema',
        'settingsSchema',
      ]),
    );
  });

  it('answers only messages a user can read', () => {
    const messages: string[] = [];
    for (const [name, schema] of schemas) {
      let refused = 0;
      for (const input of hostile(schema)) {
        const result = schema.safeParse(input);
        if (!result.success) {
          refused++;
          messagesOf(result.error.issues, messages);
        }
      }
      expect(refused, name).toBeGreaterThan(0);
    }
    expect(new Set(messages).size).toBeGreaterThan(100);
    expectReadable(messages);
  });

  it('answers only messages a user can read, for generated input', () => {
    const messages: string[] = [];
    const anyValue = fc.oneof(
      fc.constantFrom(...SCALARS),
      fc.jsonValue({ maxDepth: 3 }),
      fc.double(),
      fc.string(),
    );
    for (const [, schema] of schemas) {
      const inner = core(schema);
      const keys = defOf(inner).type === 'object' ? Object.keys((inner as z.ZodObject).shape) : [];
      const input = keys.length
        ? fc.record(Object.fromEntries(keys.map((key) => [key, anyValue])), { requiredKeys: [] })
        : anyValue;
      fc.assert(
        fc.property(input, (value) => {
          const result = schema.safeParse(value);
          if (!result.success) messagesOf(result.error.issues, messages);
        }),
        { numRuns: 40, seed: 20_250_301 },
      );
    }
    expect(messages.length).toBeGreaterThan(0);
    expectReadable(messages);
  });
});

/**
 * The message tables (`…Messages`): every rule's and refusal's message the server sends and the screens show
 * (docs/undo-and-trash.md: a refused way back names the rule in Korean). Each entry is Korean with no Latin word
 * left over; a template is called with sample values and must leave no placeholder unfilled; each sentence (one
 * that says 니다 or 세요) ends with its full stop, or a colon before the list it names. Labels (휴지통, 복원) need no
 * stop.
 */
describe('the message tables', () => {
  const SAMPLES: unknown[] = ['가나다상사', 3, ['가나다상사']];

  /** The template filled with the first sample values it takes without throwing or printing a non-value. */
  function fill(template: (...args: unknown[]) => unknown): string {
    const arity = Math.max(template.length, 1);
    const combos = (n: number): unknown[][] =>
      n === 0 ? [[]] : combos(n - 1).flatMap((rest) => SAMPLES.map((sample) => [sample, ...rest]));
    for (const args of combos(arity)) {
      try {
        const out = template(...args);
        if (typeof out === 'string' && !/undefined|NaN|\[object /.test(out)) return out;
      } catch {
        // Another shape of argument.
      }
    }
    throw new Error(`no sample values fill ${template.toString().slice(0, 80)}`);
  }

  function entriesOf(value: unknown, path: string, into: [string, string][] = []): [string, string][] {
    if (typeof value === 'string') into.push([path, value]);
    else if (typeof value === 'function') into.push([path, fill(value as (...args: unknown[]) => unknown)]);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) entriesOf(inner, `${path}.${key}`, into);
    }
    return into;
  }

  const tables = Object.entries(contracts).filter(
    ([name, value]) => /Messages$/.test(name) && value !== null && typeof value === 'object',
  );

  it('finds the tables', () => {
    expect(tables.map(([name]) => name)).toEqual(
      expect.arrayContaining(['trashMessages', 'undoMessages', 'recordMessages', 'importMessages']),
    );
  });

  it.each(tables)('%s: Korean, filled, and a sentence ends with its stop', (name, table) => {
    const problems: string[] = [];
    for (const [path, message] of entriesOf(table, name)) {
      if (!/[가-힣]/.test(message)) problems.push(`${path}: no Hangul: ${message}`);
      const latin = latinWords(message);
      if (latin.length > 0) problems.push(`${path}: Latin words ${latin.join(' ')}: ${message}`);
      if (/\{[^}]*\}|\$\{|%s|%d/.test(message)) problems.push(`${path}: placeholder left: ${message}`);
      // Each sentence ends with its stop; a list may follow a colon (걸리는 기록: …, 주세요: 열 이름), and a note
      // in brackets may come before the stop or be the message's last words (… 않습니다)).
      if (/(니다|세요)(?![.?:)]| ?\()/.test(message)) problems.push(`${path}: no full stop: ${message}`);
    }
    expect(problems).toEqual([]);
  });
});
