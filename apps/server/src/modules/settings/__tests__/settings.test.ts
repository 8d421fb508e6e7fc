import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  fieldMessages,
  minimumWageSettingDefault,
  POSTCODE_SERVICE,
  SETTINGS_DEFAULTS,
  settingsMessages,
} from '@ilson/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createTestContext, login, type TestContext } from '../../../../test/helpers';
import { auditLogs } from '../../../db/schema';

// A built web app of one page, to read the policy the page is served with.
const dist = mkdtempSync(path.join(tmpdir(), 'ilson-settings-dist-'));
let ctx: TestContext;
let superToken: string;
let adminToken: string;
beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ko"><div id="root"></div></html>');
  ctx = await createTestContext({ config: { webDist: dist } });
  superToken = (await login(ctx, (await createAdmin(ctx, { role: 'super_admin' })).loginId)).token;
  adminToken = (await login(ctx, (await createAdmin(ctx, { role: 'admin' })).loginId)).token;
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The version an edit must send back, read as the settings screen reads it. */
async function currentVersion(): Promise<number> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/settings',
    headers: bearer(superToken),
  });
  return response.json().version;
}

describe('settings', () => {
  it('answers the defaults on a fresh database, in snake_case', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/settings',
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      visa_alert_days: SETTINGS_DEFAULTS.visaAlertDays,
      session_timeout_minutes: 30,
      max_login_failures: 5,
      lockout_minutes: 15,
      minimum_wage_by_year: minimumWageSettingDefault(),
      export_reason_required: true,
      address_search_enabled: false,
    });
  });

  it('lets a super_admin change values, which take effect at once and are logged with before and after', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      headers: bearer(superToken),
      payload: {
        version: await currentVersion(),
        session_timeout_minutes: 45,
        contact_phone: '02-1234-5678',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ session_timeout_minutes: 45, contact_phone: '02-1234-5678' });
    const publicReply = await ctx.app.inject({ method: 'GET', url: '/api/v1/settings/public' });
    expect(publicReply.json()).toEqual({
      service_name: '일손',
      contact_name: '시스템 관리자',
      contact_email: 'admin@ilson.local',
      contact_phone: '02-1234-5678',
    });
    const [row] = await ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'SETTINGS_CHANGE'));
    expect(row!.diff).toEqual({
      sessionTimeoutMinutes: { before: 30, after: 45 },
      contactPhone: { before: '', after: '02-1234-5678' },
    });
    // The summary names the settings in Korean, not by their keys.
    expect(row!.summary).toBe('설정 변경: 담당자 연락처, 자동 로그아웃 시간');
  });

  it('refuses an admin without settings:write with 403', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      headers: bearer(adminToken),
      payload: { version: await currentVersion(), lockout_minutes: 30 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: '접근 권한이 없습니다.' });
  });

  it('refuses invalid values with Korean field errors and changes nothing', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      headers: bearer(superToken),
      payload: { version: await currentVersion(), lockout_minutes: 0, visa_alert_days: [60, 30] },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['lockout_minutes', 'visa_alert_days']));
    for (const detail of response.json().error.details) expect(detail.message).toMatch(/[가-힣]/);
    const current = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/settings',
      headers: bearer(superToken),
    });
    expect(current.json().lockout_minutes).toBe(15);
  });

  it('answers each invalid field with its own Korean message (ranges, wage years, e-mail)', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      headers: bearer(superToken),
      payload: {
        version: await currentVersion(),
        session_timeout_minutes: 3,
        minimum_wage_by_year: { '2027': 10_500, '20x7': 10_000 },
        contact_email: 'not-mail',
        service_name: ' ',
        default_matching_fee: 1.5,
      },
    });
    expect(response.statusCode).toBe(400);
    const byField = Object.fromEntries(
      (response.json().error.details as { field: string; message: string }[]).map((d) => [
        d.field,
        d.message,
      ]),
    );
    expect(byField).toEqual({
      session_timeout_minutes: '5~480분 사이의 정수로 입력해 주세요.',
      'minimum_wage_by_year.20x7': settingsMessages.wageYear,
      contact_email: fieldMessages.email,
      service_name: settingsMessages.serviceNameRequired,
      default_matching_fee: '0~100,000,000원 사이의 정수로 입력해 주세요.',
    });
  });

  it('a changed lockout rule applies to the next login at once (no restart)', async () => {
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      headers: bearer(superToken),
      payload: {
        version: await currentVersion(),
        max_login_failures: 3,
        lockout_minutes: 7,
        minimum_wage_by_year: { '2026': 10_320, '2027': 10_700 },
        wage_change_reason: '2027년 최저임금 고시 반영',
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().minimum_wage_by_year).toEqual({ '2026': 10_320, '2027': 10_700 });
    const target = await createAdmin(ctx, { role: 'viewer' });
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: target.loginId, password: 'wrong-password-1' },
      });
    expect((await attempt()).json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await attempt()).json().error.code).toBe('INVALID_CREDENTIALS');
    const third = (await attempt()).json().error;
    expect(third.code).toBe('ACCOUNT_LOCKED');
    expect(third.message).toContain('7분');
    const logs = await ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'SETTINGS_CHANGE'))
      .orderBy(auditLogs.id);
    expect(logs.at(-1)!.diff).toEqual({
      maxLoginFailures: { before: 5, after: 3 },
      lockoutMinutes: { before: 15, after: 7 },
      minimumWageByYear: {
        before: minimumWageSettingDefault(),
        after: { '2026': 10_320, '2027': 10_700 },
      },
    });
    expect(logs.at(-1)!.reason).toBe('2027년 최저임금 고시 반영');
  });

  it('refuses a change of the minimum wages without a reason (422), saving nothing', async () => {
    const version = await currentVersion();
    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      headers: bearer(superToken),
      payload: {
        version,
        default_matching_fee: 320_000,
        minimum_wage_by_year: { '2026': 10_320, '2028': 11_000 },
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toEqual([
      { field: 'wage_change_reason', message: settingsMessages.wageChangeReasonRequired },
    ]);
    expect(await currentVersion()).toBe(version);
  });
  it('refuses a save made on values another admin has changed since (409), keeping their change', async () => {
    const read = await currentVersion();
    const patch = (payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/v1/settings', headers: bearer(superToken), payload });
    const first = await patch({ default_matching_fee: 310_000, version: read });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(read + 1);
    const second = await patch({ minimum_wage_by_year: { '2026': 9_000 }, version: read });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('CONFLICT');
    const missing = await patch({ default_matching_fee: 300_000 });
    expect(missing.statusCode).toBe(400);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/settings',
      headers: bearer(superToken),
    });
    expect(after.json()).toMatchObject({ default_matching_fee: 310_000, version: read + 1 });
    expect(after.json().minimum_wage_by_year['2026']).toBe(10_320);
    // Saving what is already there changes nothing, the version included.
    const same = await patch({ default_matching_fee: 310_000, version: read + 1 });
    expect(same.json().version).toBe(read + 1);
    await patch({ default_matching_fee: 300_000, version: read + 1 });
  });

  it('turns the address search on and off: logged, offered to every signed-in screen, admitted by the page policy', async () => {
    const patch = async (enabled: boolean) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/settings',
        headers: bearer(superToken),
        payload: { version: await currentVersion(), address_search_enabled: enabled },
      });
    const policyOfPage = async () =>
      String(
        (await ctx.app.inject({ method: 'GET', url: '/employers/new' })).headers['content-security-policy'],
      );
    const clientSettings = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/v1/settings/client', headers: bearer(adminToken) })
      ).json();

    expect((await clientSettings()).address_search_enabled).toBe(false);
    const strict = await policyOfPage();
    expect(strict).toContain("script-src 'self';");
    expect(strict).not.toContain('daumcdn');

    // An admin without settings:write cannot turn it on.
    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      headers: bearer(adminToken),
      payload: { version: await currentVersion(), address_search_enabled: true },
    });
    expect(refused.statusCode).toBe(403);

    const on = await patch(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().address_search_enabled).toBe(true);
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/settings',
      headers: bearer(adminToken),
    });
    expect(read.json().address_search_enabled).toBe(true);
    expect(await clientSettings()).toMatchObject({
      address_search_enabled: true,
      export_reason_required: true,
    });
    const [logged] = await ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'SETTINGS_CHANGE'))
      .orderBy(auditLogs.id)
      .then((rows) => rows.slice(-1));
    expect(logged!.diff).toEqual({ addressSearchEnabled: { before: false, after: true } });
    expect(logged!.summary).toBe('설정 변경: 우편번호 주소 검색');

    // The page admits the postcode service's script and frame, and nothing else changes.
    const open = await policyOfPage();
    for (const origin of [...POSTCODE_SERVICE.scriptOrigins, ...POSTCODE_SERVICE.frameOrigins]) {
      expect(open).toContain(origin);
    }
    expect(open).toContain("frame-ancestors 'none'");
    expect(open).toContain("connect-src 'self'");
    // The API's replies are not pages: their policy stays as it was.
    const api = await ctx.app.inject({ method: 'GET', url: '/api/v1/settings/public' });
    expect(String(api.headers['content-security-policy'])).not.toContain('daumcdn');

    const off = await patch(false);
    expect(off.json().address_search_enabled).toBe(false);
    expect(await policyOfPage()).toBe(strict);
    expect((await clientSettings()).address_search_enabled).toBe(false);
  });
});
