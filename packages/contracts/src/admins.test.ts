import { describe, expect, it } from 'vitest';
import { adminCreateSchema, adminMessages, adminPasswordSchema, adminUpdateSchema } from './admins';
import { fieldMessages } from './messages';

const base = { loginId: 'Kim.Staff', email: ' Kim@Ilson.TEST ', name: '김직원', role: 'admin' as const };
const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('adminPasswordSchema (docs/SECURITY.md)', () => {
  it('takes 8+ with three kinds or 10+ with two, and says why not in Korean', () => {
    for (const ok of ['abc123!x', 'abcde12345', 'ABCDE!@#$%', 'Test-pass-1234']) {
      expect(adminPasswordSchema.safeParse(ok).success).toBe(true);
    }
    for (const bad of ['abcd1234', 'abcdefghij', '1234567890', 'Ab1!']) {
      expect(adminPasswordSchema.safeParse(bad).error?.issues[0]?.message).toBe(fieldMessages.passwordPolicy);
    }
    expect(adminPasswordSchema.safeParse('').error?.issues[0]?.message).toBe(fieldMessages.passwordRequired);
    expect(adminPasswordSchema.safeParse(`Aa1!${'x'.repeat(130)}`).success).toBe(false);
  });
});

describe('adminCreateSchema', () => {
  it('lower-cases the login id and e-mail, and takes an invitation without a password', () => {
    const parsed = adminCreateSchema.parse({ ...base, invite: true });
    expect(parsed).toMatchObject({ loginId: 'kim.staff', email: 'kim@ilson.test', invite: true, phone: '' });
    expect(parsed.password).toBeUndefined();
  });

  it('wants a password or an invitation, not both, and a branch for a branch manager', () => {
    expect(messagesOf(adminCreateSchema.safeParse(base))).toEqual({
      password: adminMessages.passwordOrInvite,
    });
    expect(messagesOf(adminCreateSchema.safeParse({ ...base, invite: true, password: 'abc123!x' }))).toEqual({
      password: adminMessages.passwordWithInvite,
    });
    expect(
      messagesOf(adminCreateSchema.safeParse({ ...base, role: 'branch_manager', password: 'abc123!x' })),
    ).toEqual({ branchId: adminMessages.branchRequired });
  });

  it('refuses a login id with @ (it could pass for another admin’s e-mail at login)', () => {
    expect(messagesOf(adminCreateSchema.safeParse({ ...base, loginId: 'kim@x', invite: true }))).toEqual({
      loginId: adminMessages.loginIdFormat,
    });
  });
});

describe('adminUpdateSchema', () => {
  it('changes only what it sends; clearing the branch of a branch manager is refused', () => {
    expect(adminUpdateSchema.parse({ role: 'viewer', version: 3 })).toEqual({ role: 'viewer', version: 3 });
    expect(
      messagesOf(adminUpdateSchema.safeParse({ role: 'branch_manager', branchId: null, version: 3 })),
    ).toEqual({ branchId: adminMessages.branchRequired });
  });
});
