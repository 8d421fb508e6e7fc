/**
 * docs/second-factor.md#passkeys: a passkey registered from 내 정보 (the first factor brings the recovery codes), the
 * login's second step and a step-up with it, a replayed or foreign answer refused and counted, removal. The
 * authenticator is a software one (test/soft-authenticator.ts) so @simplewebauthn verifies real signatures.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../../../../test/fixtures';
import {
  createAdmin,
  createTestContext,
  login,
  TEST_PASSWORD,
  type TestContext,
} from '../../../../test/helpers';
import { softAuthenticator } from '../../../../test/soft-authenticator';
import { auditLogs } from '../../../db/schema';

const ORIGIN = 'http://localhost:80';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx, { role: 'super_admin' });
  await ctx.app.settings.update(
    { loginRateLimitPerMinute: 1000 },
    { actorAdminId: admin.id, actorLoginId: admin.loginId, ip: null, userAgent: null },
  );
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });

async function registered() {
  const admin = await createAdmin(ctx, { role: 'admin' });
  const api = apiAs(ctx, (await login(ctx, admin.loginId)).token);
  const key = softAuthenticator(ORIGIN);
  const options = await api.post('/me/second-factor/passkeys/options', {});
  expect(options.statusCode, options.body).toBe(200);
  const parsed = JSON.parse(options.json().options_json);
  expect(parsed.rp.id).toBe('localhost');
  expect(parsed.user.name).toBe(admin.loginId);
  const reply = await api.post('/me/second-factor/passkeys', {
    name: '사무실 보안키',
    response_json: JSON.stringify(key.register(parsed)),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return { admin, api, key, recoveryCodes: reply.json().recovery_codes as string[] };
}

async function passkeyChallenge(loginId: string) {
  const first = await post('/auth/login', { email: loginId, password: TEST_PASSWORD, remember: true });
  expect(first.json()).toMatchObject({ mfa_required: true, methods: ['passkey', 'recovery'] });
  const token = first.json().mfa_token as string;
  const options = await post('/auth/mfa/passkey-options', { mfa_token: token });
  expect(options.statusCode, options.body).toBe(200);
  return { token, options: JSON.parse(options.json().options_json) };
}

describe('passkeys', () => {
  it('registers one; being the first factor, it brings ten recovery codes', async () => {
    const { api, recoveryCodes, key } = await registered();
    expect(recoveryCodes).toHaveLength(10);
    const mine = (await api.get('/me/second-factor')).json();
    expect(mine.passkeys).toEqual([
      expect.objectContaining({ name: '사무실 보안키', created_at: expect.any(String), last_used_at: null }),
    ]);
    expect(mine.recovery_codes_left).toBe(10);
    // The same options answered twice: the challenge was taken by the first.
    const again = await api.post('/me/second-factor/passkeys', {
      name: '다시',
      response_json: JSON.stringify(key.register({ challenge: 'x', rp: { id: 'localhost' } })),
    });
    expect(again.statusCode).toBe(422);
  });

  it('signs in with it, once per challenge; a replay or another site’s answer is refused and counted', async () => {
    const { admin, key } = await registered();
    const { token, options } = await passkeyChallenge(admin.loginId);
    const answer = JSON.stringify(key.authenticate(options));
    const ok = await post('/auth/mfa/verify', { mfa_token: token, passkey_json: answer });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));

    const next = await passkeyChallenge(admin.loginId);
    const replay = await post('/auth/mfa/verify', { mfa_token: next.token, passkey_json: answer });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().error.details[0].field).toBe('passkey_json');
    const foreign = softAuthenticator('https://evil.example');
    const alien = await post('/auth/mfa/verify', {
      mfa_token: next.token,
      passkey_json: JSON.stringify(foreign.authenticate(next.options)),
    });
    expect(alien.statusCode).toBe(422);
    const failures = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, String(admin.id)), eq(auditLogs.action, 'LOGIN_FAILED')));
    expect(failures.map((f) => f.summary)).toEqual([
      expect.stringContaining('패스키 확인 실패'),
      expect.stringContaining('패스키 확인 실패'),
    ]);
    const good = await post('/auth/mfa/verify', {
      mfa_token: next.token,
      passkey_json: JSON.stringify(key.authenticate(next.options)),
    });
    expect(good.statusCode, good.body).toBe(200);
  });

  it('steps up with it, and is removed with the password and a recovery code', async () => {
    const { api, key, recoveryCodes } = await registered();
    const options = await api.post('/auth/step-up/passkey-options', {});
    expect(options.statusCode).toBe(200);
    const stepped = await api.post('/auth/step-up', {
      passkey_json: JSON.stringify(key.authenticate(JSON.parse(options.json().options_json))),
    });
    expect(stepped.statusCode, stepped.body).toBe(200);
    const [passkey] = (await api.get('/me/second-factor')).json().passkeys;
    const removed = await api.post(`/me/second-factor/passkeys/${passkey.id}/remove`, {
      password: TEST_PASSWORD,
      recovery_code: recoveryCodes[0],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const mine = (await api.get('/me/second-factor')).json();
    expect(mine.passkeys).toEqual([]);
    expect(mine.recovery_codes_left).toBe(0);
  });
});
