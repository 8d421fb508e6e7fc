import { Writable } from 'node:stream';
import { arcBirthDate, arcDigitRow } from '@ilson/contracts';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alienRegNo, insertBranch, signedIn, workerBody } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import { queryRows } from '../db/client';
import { auditLogs } from '../db/schema';
import { loggerOptions } from '../logger';

describe('log redaction', () => {
  it('blanks passwords, tokens and identifiers and drops query strings', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions('info', false) as pino.LoggerOptions;
    const logger = pino(options, sink);
    logger.info(
      {
        req: { method: 'GET', url: '/api/v1/workers?q=9001015123456', ip: '1.2.3.4', id: 'r1' },
        body: { password: 'hunter22', refreshToken: 'abc', alienRegNo: '9001015123456', name: '홍길동' },
      },
      'request',
    );
    const output = lines.join('');
    expect(output).not.toContain('hunter22');
    expect(output).not.toContain('9001015123456');
    expect(output).not.toContain('"abc"');
    expect(output).toContain('[REDACTED]');
    expect(output).toContain('"/api/v1/workers"');
    expect(output).toContain('홍길동');
  });
});

describe('process log of a running API (docs/SECURITY.md: no personal data)', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      logger: { ...(loggerOptions('trace', false) as object), stream: sink },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const arc = alienRegNo(424242);
  const person = {
    name_ko: '응우옌 티 비밀',
    first_name: 'Thi Secret',
    last_name: 'Privatova',
    // The birth date and gender the number states (docs/DOMAIN.md#identity).
    date_of_birth: arcBirthDate(arc) as string,
    gender: arcDigitRow(arc)?.gender,
    phone_number: '010-9876-5432',
    email_address: 'private.person@example.test',
    street_address: '경기도 안산시 단원구 비밀로 77',
    city: '안산시비밀동',
    alien_reg_no: arc,
    passport_no: 'M98765432',
  };

  it('holds no SQL parameter, driver detail, request body or unknown login id', async () => {
    const { api } = await signedIn(ctx, 'admin');
    const branchId = (await insertBranch(ctx)).id;
    // Refusals only the database makes: a CHECK on insert, and a data exception naming the value on update.
    await queryRows(
      ctx.db,
      sql.raw(`ALTER TABLE workers ADD CONSTRAINT log_test_refused CHECK (last_name <> 'Refused')`),
    );
    await queryRows(
      ctx.db,
      sql.raw(`CREATE FUNCTION log_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.city = 'Refused' THEN
            RAISE EXCEPTION USING ERRCODE = '22P02',
              MESSAGE = format('invalid input syntax for type integer: "%s"', NEW.phone_number),
              DETAIL = format('Failing row contains (%s, %s)', NEW.first_name, NEW.email_address);
          END IF;
          RETURN NEW;
        END $$`),
    );
    await queryRows(
      ctx.db,
      sql.raw(`CREATE TRIGGER log_test_refuse BEFORE UPDATE ON workers
        FOR EACH ROW EXECUTE FUNCTION log_test_refuse()`),
    );

    const created = await api.post('/workers', workerBody(branchId, person));
    expect(created.statusCode, created.body).toBe(201);
    const { id, version } = created.json();

    const refusedArc = alienRegNo(434343);
    const refusedInsert = await api.post(
      '/workers',
      workerBody(branchId, {
        ...person,
        last_name: 'Refused',
        alien_reg_no: refusedArc,
        date_of_birth: arcBirthDate(refusedArc),
        gender: arcDigitRow(refusedArc)?.gender,
        passport_no: 'M11223344',
      }),
    );
    expect(refusedInsert.statusCode).toBe(500);
    const refusedUpdate = await api.patch(`/workers/${id}`, { city: 'Refused', version });
    expect(refusedUpdate.statusCode).toBe(400);

    const passwordLikeId = 'Tr0ub4dor&3-hunter2';
    const failedLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: passwordLikeId, password: 'Tr0ub4dor&3-hunter2' },
    });
    expect(failedLogin.statusCode).toBe(401);

    const output = lines.join('');
    const secrets = [
      person.name_ko,
      person.first_name,
      person.last_name,
      person.date_of_birth,
      person.phone_number,
      person.phone_number.replaceAll('-', ''),
      person.email_address,
      person.street_address,
      person.city,
      person.alien_reg_no,
      person.alien_reg_no.slice(0, 6),
      person.passport_no,
      passwordLikeId,
      'hunter2',
    ];
    for (const secret of secrets) expect(output, secret).not.toContain(secret);
    // The failures are logged, only without their data.
    expect(output).toContain('log_test_refused');
    expect(output).toContain('23514');
    expect(output).toContain('22P02');

    // The access log keeps the unknown id masked: a short prefix and the length, never the whole string.
    const [entry] = await ctx.db
      .select({ summary: auditLogs.summary })
      .from(auditLogs)
      .where(eq(auditLogs.action, 'LOGIN_FAILED'));
    expect(entry!.summary).toContain(`Tr***(${passwordLikeId.length})`);
    expect(entry!.summary).not.toContain('0ub4dor');
  });
});
