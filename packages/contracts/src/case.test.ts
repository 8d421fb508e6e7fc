import { describe, expect, it } from 'vitest';
import { camelToSnake, fromWire, snakeToCamel, toWire } from './case';

describe('key case conversion', () => {
  it('converts names both ways', () => {
    expect(camelToSnake('businessRegNo')).toBe('business_reg_no');
    expect(camelToSnake('refreshToken')).toBe('refresh_token');
    expect(camelToSnake('page')).toBe('page');
    expect(camelToSnake('addressLine2')).toBe('address_line2');
    expect(snakeToCamel('business_reg_no')).toBe('businessRegNo');
    expect(snakeToCamel('address_line2')).toBe('addressLine2');
  });

  it('converts nested objects and arrays, leaving values alone', () => {
    expect(
      toWire({ workExperience: [{ companyName: '㈜일손', jobTitle: 'field_value' }], pageSize: 20 }),
    ).toEqual({
      work_experience: [{ company_name: '㈜일손', job_title: 'field_value' }],
      page_size: 20,
    });
    expect(fromWire({ refresh_token: 'a_b', user: { login_id: 'x' } })).toEqual({
      refreshToken: 'a_b',
      user: { loginId: 'x' },
    });
  });

  it('sends Date and date-library values as ISO strings', () => {
    const date = new Date('2026-01-02T03:04:05.000Z');
    const dayjsLike = { toISOString: () => '2026-05-06T00:00:00.000Z', isValid: () => true, $d: new Date() };
    expect(toWire({ startDate: date, endDate: dayjsLike })).toEqual({
      start_date: '2026-01-02T03:04:05.000Z',
      end_date: '2026-05-06T00:00:00.000Z',
    });
  });

  it('leaves files, form data and binary untouched', () => {
    const blob = new Blob(['x']);
    const form = new FormData();
    const bytes = new Uint8Array([1, 2]);
    const converted = toWire<{ the_file: Blob; form_data: FormData; raw_bytes: Uint8Array }>({
      theFile: blob,
      formData: form,
      rawBytes: bytes,
    });
    expect(converted.the_file).toBe(blob);
    expect(converted.form_data).toBe(form);
    expect(converted.raw_bytes).toBe(bytes);
    expect(toWire(blob)).toBe(blob);
  });

  it('converts dictionaries without a prototype chain', () => {
    const query = Object.create(Object.create(null)) as Record<string, string>;
    query.page_size = '20';
    expect(fromWire(query)).toEqual({ pageSize: '20' });
  });
});
