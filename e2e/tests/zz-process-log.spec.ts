import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SERVER_LOG } from '../env';
import { apiCreate, createBranch, uniqueDigits, uniqueLetters } from './records';
import { apiHeaders, apiLogin } from './support';

/**
 * Runs last (files run in name order): the server's whole process log of the suite — every request at info
 * level, every warning and error — holds no personal data (docs/SECURITY.md). This spec first sends one worker's data
 * through the ways that could leak it (create, a refused duplicate, a refused bad value, an identifier search,
 * a reveal, a failed login with a password typed as the id), then reads the log.
 */
test('the server log of the whole suite holds no personal data', async ({ request }) => {
  test.setTimeout(60_000);
  const branch = await createBranch(request, `E2E 로그지점 ${uniqueDigits(4)}`);
  const person = {
    lastName: `LOGTEST${uniqueLetters(6)}`,
    phone: `010-7${uniqueDigits(3)}-${uniqueDigits(4)}`,
    email: `log.${uniqueLetters(8).toLowerCase()}@example.com`,
    alienRegNo: `930303-6${uniqueDigits(6)}`,
    passportNo: `Q${uniqueDigits(8)}`,
    street: `로그검증로 ${uniqueDigits(3)}`,
  };
  const body = {
    first_name: 'THI LOG',
    last_name: person.lastName,
    gender: 'female',
    date_of_birth: '1993-03-03',
    nationality: 'VN',
    phone_number: person.phone,
    email_address: person.email,
    alien_reg_no: person.alienRegNo,
    passport_no: person.passportNo,
    street_address: person.street,
    visa_type: 'E-9',
    visa_expiry_date: '2029-01-01',
    branch_id: branch.id,
  };
  const worker = await apiCreate<{ id: number }>(request, 'workers', body);
  const { token } = await apiLogin(request);
  const headers = await apiHeaders(request, token);
  const duplicate = await request.post('/api/v1/workers', { headers, data: body });
  expect(duplicate.status()).toBe(409);
  const invalid = await request.post('/api/v1/workers', {
    headers,
    data: { ...body, alien_reg_no: null, phone_number: `${person.phone}9` },
  });
  expect(invalid.status()).toBe(400);
  const search = await request.get(
    `/api/v1/workers?q=${encodeURIComponent(person.alienRegNo)}&reason=${encodeURIComponent('로그 점검')}`,
    { headers },
  );
  expect(search.status()).toBe(200);
  const reveal = await request.post(`/api/v1/workers/${worker.id}/reveal`, {
    headers,
    data: { field: 'passport_no', reason: '로그 점검' },
  });
  expect(reveal.status()).toBe(200);
  const typedPassword = `Secret-${uniqueLetters(8)}`;
  const login = await request.post('/api/v1/auth/login', {
    headers: await apiHeaders(request),
    data: { email: typedPassword, password: 'whatever1' },
  });
  expect(login.status()).toBe(401);

  // The log is written as it goes; give the last lines a moment.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const log = readFileSync(SERVER_LOG, 'utf8');
  const requests = log.split('\n').filter((line) => line.includes('"url":"/api/v1/')).length;
  // At least this spec's own eight requests (the whole suite's, when it runs last as in CI).
  expect(requests, 'the requests were logged').toBeGreaterThanOrEqual(8);
  for (const value of [
    person.lastName,
    person.phone,
    person.phone.replace(/-/g, ''),
    person.email,
    person.alienRegNo,
    person.alienRegNo.replace('-', ''),
    person.passportNo,
    person.street,
    typedPassword,
  ]) {
    expect(log.includes(value), `the log holds ${value}`).toBe(false);
  }
  // Nor any other identifier or mobile number the suite's specs sent (pino's epoch-ms "time" aside).
  const text = log.replace(/"time":\d+/g, '');
  expect(text.match(/\b\d{6}-?[5-8]\d{6}\b/g) ?? []).toEqual([]);
  expect(text.match(/\b010-?\d{4}-?\d{4}\b/g) ?? []).toEqual([]);
});
