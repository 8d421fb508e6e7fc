import { errorMessages } from '@ilson/contracts';
import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { ko } from '../locales/ko/common';
import {
  ApiError,
  classifyError,
  classifyResponse,
  hasLinkedRecords,
  normalizeDetails,
  validationMessage,
} from './errors';

const envelope = (code: string, message?: string, details?: unknown) => ({
  error: { code, message, details },
});

describe('classifyResponse (docs/wire.md#errors-and-validation table)', () => {
  it.each([
    [400, 'validation', 'VALIDATION_ERROR', false],
    [422, 'validation', 'VALIDATION_ERROR', false],
    [401, 'authentication', 'UNAUTHORIZED', false],
    [403, 'authorization', 'FORBIDDEN', false],
    [404, 'not_found', 'NOT_FOUND', false],
    [408, 'timeout', 'TIMEOUT', true],
    [504, 'timeout', 'TIMEOUT', true],
    [429, 'server', 'RATE_LIMIT', true],
    [500, 'server', 'SERVER_ERROR', true],
    [503, 'server', 'SERVER_ERROR', true],
  ])('%i → %s / %s, retryable %s', (status, type, code, retryable) => {
    const error = classifyResponse(status, undefined);
    expect(error).toBeInstanceOf(ApiError);
    expect({ type: error.type, code: error.code, retryable: error.retryable, status: error.status }).toEqual({
      type,
      code,
      retryable,
      status,
    });
  });

  it('keeps the code and details of a validation reply', () => {
    const error = classifyResponse(
      422,
      envelope('INVALID_TRANSITION', '변경할 수 없습니다.', [
        { field: 'business_reg_no', message: '번호 오류' },
      ]),
    );
    expect(error.code).toBe('INVALID_TRANSITION');
    expect(error.details).toEqual([{ field: 'businessRegNo', message: '번호 오류' }]);
    expect(error.message).toBe('번호 오류');
  });

  it('takes the code from the body for other statuses, else SERVER_ERROR', () => {
    expect(classifyResponse(409, envelope('CONFLICT', '이미 변경되었습니다.')).code).toBe('CONFLICT');
    expect(classifyResponse(409, envelope('CONFLICT', '이미 변경되었습니다.')).message).toBe(
      '이미 변경되었습니다.',
    );
    expect(classifyResponse(502, '<html>bad gateway</html>').code).toBe('SERVER_ERROR');
    expect(classifyResponse(502, '<html>bad gateway</html>').message).toBe(errorMessages.SERVER_ERROR);
  });

  it('shows the fixed messages for 401, 403 and 429', () => {
    expect(classifyResponse(401, envelope('UNAUTHORIZED', 'jwt expired')).message).toBe(
      errorMessages.UNAUTHORIZED,
    );
    expect(classifyResponse(403, envelope('FORBIDDEN', 'nope')).message).toBe(errorMessages.FORBIDDEN);
    expect(classifyResponse(429, undefined).message).toBe(errorMessages.RATE_LIMIT);
    expect(classifyResponse(504, undefined).message).toBe(ko.errors.timeout);
  });

  it('shows the reason of a specific 401 such as wrong credentials', () => {
    const error = classifyResponse(
      401,
      envelope('INVALID_CREDENTIALS', '아이디(이메일) 또는 비밀번호가 올바르지 않습니다.'),
    );
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.serverCode).toBe('INVALID_CREDENTIALS');
    expect(error.message).toBe('아이디(이메일) 또는 비밀번호가 올바르지 않습니다.');
  });
});

describe('validationMessage (docs/wire.md#errors-and-validation rule for 400/422)', () => {
  it('uses the first message of a details list', () => {
    const body = envelope('VALIDATION_ERROR', '입력 오류', [
      { field: 'email' },
      { field: 'email', message: '첫 번째' },
      { message: '두 번째' },
    ]);
    expect(validationMessage(body)).toBe('첫 번째');
  });

  it('uses the first value of a details object: first string of a list, or the string', () => {
    expect(
      validationMessage(
        envelope('VALIDATION_ERROR', '입력 오류', { phone: ['전화번호 오류', '기타'], email: 'x' }),
      ),
    ).toBe('전화번호 오류');
    expect(validationMessage(envelope('VALIDATION_ERROR', '입력 오류', { zip_code: '우편번호 오류' }))).toBe(
      '우편번호 오류',
    );
  });

  it('falls back to the error message, then the generic validation message', () => {
    expect(validationMessage(envelope('VALIDATION_ERROR', '입력 오류', []))).toBe('입력 오류');
    expect(validationMessage(envelope('VALIDATION_ERROR'))).toBe(errorMessages.VALIDATION_ERROR);
    expect(validationMessage(null)).toBe(errorMessages.VALIDATION_ERROR);
  });

  it('maps snake_case fields of both detail shapes to camelCase', () => {
    expect(normalizeDetails({ zip_code: ['a', 'b'] })).toEqual([
      { field: 'zipCode', message: 'a' },
      { field: 'zipCode', message: 'b' },
    ]);
    expect(normalizeDetails([{ field: 'visa_expiry_date', message: 'c' }, { message: 'd' }])).toEqual([
      { field: 'visaExpiryDate', message: 'c' },
      { message: 'd' },
    ]);
  });
});

describe('details that point at records', () => {
  const affected = envelope(
    'MATCHINGS_AFFECTED',
    '진행 중인 매칭 1건의 조건이 깨지므로 변경할 수 없습니다.',
    [
      {
        field: 'visa_expiry_date',
        message: '#12 홍길동 · 용접공 모집 (계약 완료): 체류 만료일이 근무 시작일보다 앞섭니다.',
        resource: 'matchings',
        id: 12,
        label: '#12 홍길동 · 용접공 모집 (계약 완료)',
      },
    ],
  );

  it('keeps resource, id and label beside field and message', () => {
    const error = classifyResponse(409, affected);
    expect(error.code).toBe('MATCHINGS_AFFECTED');
    expect(error.message).toBe('진행 중인 매칭 1건의 조건이 깨지므로 변경할 수 없습니다.');
    expect(error.details).toEqual([
      {
        field: 'visaExpiryDate',
        message: '#12 홍길동 · 용접공 모집 (계약 완료): 체류 만료일이 근무 시작일보다 앞섭니다.',
        resource: 'matchings',
        id: 12,
        label: '#12 홍길동 · 용접공 모집 (계약 완료)',
      },
    ]);
    expect(hasLinkedRecords(error)).toBe(true);
  });

  it('keeps a linked detail without a label or a field', () => {
    expect(normalizeDetails([{ message: '진행 중', resource: 'job-posts', id: 3 }])).toEqual([
      { message: '진행 중', resource: 'job-posts', id: 3 },
    ]);
  });

  it('drops a link to an unknown resource or an id that is not a positive integer', () => {
    expect(
      normalizeDetails([
        { message: 'a', resource: 'admins', id: 1, label: 'x' },
        { message: 'b', resource: 'matchings', id: '12', label: 'y' },
        { message: 'c', resource: 'matchings', id: 1.5 },
        { message: 'd', resource: 'matchings', id: 0 },
      ]),
    ).toEqual([{ message: 'a' }, { message: 'b' }, { message: 'c' }, { message: 'd' }]);
    expect(hasLinkedRecords(classifyResponse(409, envelope('CONFLICT', 'x', [{ message: 'y' }])))).toBe(
      false,
    );
  });

  it('takes the title of a 422 from a detail that is not a record link', () => {
    const body = envelope('VISA_NOT_ELIGIBLE', '이미 계약 중입니다.', [
      {
        message: '#7 김철수 · 포장 (근무 중)',
        resource: 'matchings',
        id: 7,
        label: '#7 김철수 · 포장 (근무 중)',
      },
      { field: 'worker_id', message: '이 근로자는 다른 매칭에서 이미 계약 완료 또는 근무 중입니다.' },
    ]);
    expect(classifyResponse(422, body).message).toBe(
      '이 근로자는 다른 매칭에서 이미 계약 완료 또는 근무 중입니다.',
    );
    expect(
      validationMessage(
        envelope('VISA_NOT_ELIGIBLE', '이미 계약 중입니다.', [
          { message: '#7', resource: 'matchings', id: 7 },
        ]),
      ),
    ).toBe('이미 계약 중입니다.');
  });
});

describe('classifyError', () => {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;

  it('classifies a reply by its status', () => {
    const response = { status: 403, statusText: '', data: envelope('FORBIDDEN', 'x'), headers: {}, config };
    const error = classifyError(new AxiosError('fail', AxiosError.ERR_BAD_REQUEST, config, {}, response));
    expect(error.type).toBe('authorization');
    expect(error.message).toBe(errorMessages.FORBIDDEN);
  });

  it('treats no reply as a retryable network error', () => {
    const error = classifyError(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {}));
    expect({ type: error.type, code: error.code, retryable: error.retryable }).toEqual({
      type: 'network',
      code: 'NETWORK_ERROR',
      retryable: true,
    });
    expect(error.message).toBe(ko.errors.network);
  });

  it('treats the client-side timeout as a retryable timeout', () => {
    const error = classifyError(
      new AxiosError('timeout of 30000ms exceeded', AxiosError.ECONNABORTED, config, {}),
    );
    expect({ type: error.type, code: error.code, retryable: error.retryable }).toEqual({
      type: 'timeout',
      code: 'TIMEOUT',
      retryable: true,
    });
  });

  it('calls anything else unknown', () => {
    const error = classifyError(new TypeError('boom'));
    expect({ type: error.type, code: error.code, retryable: error.retryable }).toEqual({
      type: 'unknown',
      code: 'UNKNOWN_ERROR',
      retryable: false,
    });
    expect(error.message).toBe(ko.errors.unknown);
  });

  it('passes an ApiError through unchanged', () => {
    const original = classifyResponse(404, undefined);
    expect(classifyError(original)).toBe(original);
  });
});
