import { describe, expect, it } from 'vitest';
import { loginRequestSchema, meetsPasswordPolicy } from './auth';
import { can, PERMISSIONS, ROLE_PERMISSIONS, ROLES } from './roles';

describe('login form rules (docs/wire.md#errors-and-validation)', () => {
  it('asks for the identifier and a password of at least 6 characters, in Korean', () => {
    const result = loginRequestSchema.safeParse({ email: ' ', password: '12345' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['email', '아이디 또는 이메일을 입력해 주세요.'],
      ['password', '비밀번호는 6자 이상이어야 합니다.'],
    ]);
    expect(loginRequestSchema.parse({ email: 'admin', password: '123456' })).toEqual({
      email: 'admin',
      password: '123456',
      remember: true,
    });
  });
});

describe('password policy (docs/SECURITY.md)', () => {
  it('needs 8+ characters of 3 kinds or 10+ of 2 kinds', () => {
    expect(meetsPasswordPolicy('abc123!x')).toBe(true);
    expect(meetsPasswordPolicy('abcd1234')).toBe(false);
    expect(meetsPasswordPolicy('abcde12345')).toBe(true);
    expect(meetsPasswordPolicy('abcdefghij')).toBe(false);
    expect(meetsPasswordPolicy('ab1!')).toBe(false);
  });
});

describe('permission table', () => {
  it('gives super_admin everything and keeps viewer read-only', () => {
    expect([...ROLE_PERMISSIONS.super_admin].sort()).toEqual([...PERMISSIONS].sort());
    expect(ROLE_PERMISSIONS.viewer.every((p) => p.endsWith(':read'))).toBe(true);
    expect(can('viewer', 'employers:write')).toBe(false);
  });

  it('keeps admin accounts and settings changes to super_admin', () => {
    for (const role of ROLES.filter((r) => r !== 'super_admin')) {
      expect(can(role, 'admins:manage')).toBe(false);
      expect(can(role, 'settings:write')).toBe(false);
    }
  });

  it('lets a branch manager work records but not unmask exports or read the access log', () => {
    expect(can('branch_manager', 'employers:approve')).toBe(true);
    expect(can('branch_manager', 'exports:unmasked')).toBe(false);
    expect(can('branch_manager', 'audit_logs:read')).toBe(false);
  });
});
