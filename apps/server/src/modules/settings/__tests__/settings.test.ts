import { SETTINGS_DEFAULTS } from '@ilson/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createTestContext, login, type TestContext } from '../../../../test/helpers';
import { auditLogs } from '../../../db/schema';

let ctx: TestContext;
let superToken: string;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  superToken = (await login(ctx, (await createAdmin(ctx, { role: 'super_admin' })).loginId)).token;
  adminToken = (await login(ctx, (await createAdmin(ctx, { role: 'admin' })).loginId)).token;
});
afterAll(async () => {
  await ctx?.close();
});

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
      minimum_wage_by_year: { '2025': 10_030, '2026': 10_320 },
      export_reason_required: true,
    });
  });

  it('lets a super_admin change values, which take effect at once and are logged with before and after', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      headers: bearer(superToken),
      payload: { session_timeout_minutes: 45, contact_phone: '02-1234-5678' },
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
  });

  it('refuses an admin without settings:write with 403', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      headers: bearer(adminToken),
      payload: { lockout_minutes: 30 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: '접근 권한이 없습니다.' });
  });

  it('refuses invalid values with Korean field errors and changes nothing', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings',
      headers: bearer(superToken),
      payload: { lockout_minutes: 0, visa_alert_days: [60, 30] },
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
});
