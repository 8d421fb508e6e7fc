import { describe, expect, it } from 'vitest';
import {
  AUDIT_TARGET_TYPES,
  auditLogListQuerySchema,
  auditReviewCreateSchema,
  auditTargetTypeLabel,
} from './audit';
import { can, ROLES } from './roles';

describe('access-log list query', () => {
  it('takes one action, a comma list or repeated keys, and refuses unknown ones', () => {
    expect(auditLogListQuerySchema.parse({ action: 'LOGIN' }).action).toEqual(['LOGIN']);
    expect(auditLogListQuerySchema.parse({ action: 'CREATE, UPDATE' }).action).toEqual(['CREATE', 'UPDATE']);
    expect(auditLogListQuerySchema.parse({ action: ['EXPORT', 'REVEAL,DELETE'] }).action).toEqual([
      'EXPORT',
      'REVEAL',
      'DELETE',
    ]);
    expect(auditLogListQuerySchema.safeParse({ action: 'UPDATE,DROP' }).success).toBe(false);
  });

  it('defaults to newest first, 20 a page, and checks dates, target types and IPs', () => {
    expect(auditLogListQuerySchema.parse({})).toEqual({
      page: 1,
      pageSize: 20,
      order: 'desc',
      sort: 'created_at',
    });
    expect(auditLogListQuerySchema.safeParse({ dateFrom: '2025-02-30' }).success).toBe(false);
    expect(auditLogListQuerySchema.safeParse({ targetType: 'job_post' }).success).toBe(true);
    expect(auditLogListQuerySchema.safeParse({ targetType: 'Job Post' }).success).toBe(false);
    expect(auditLogListQuerySchema.safeParse({ ip: '2001:db8::1' }).success).toBe(true);
    expect(auditLogListQuerySchema.safeParse({ ip: "1' OR '1" }).success).toBe(false);
  });
});

describe('monthly review record', () => {
  it('needs a real month and findings', () => {
    const valid = { period: '2025-03', reviewedAt: '2025-04-01', findings: '이상 없음' };
    expect(auditReviewCreateSchema.parse(valid)).toEqual({ ...valid, actionsTaken: '' });
    expect(auditReviewCreateSchema.safeParse({ ...valid, period: '2025-3' }).success).toBe(false);
    expect(auditReviewCreateSchema.safeParse({ ...valid, period: '2025-00' }).success).toBe(false);
    expect(auditReviewCreateSchema.safeParse({ ...valid, findings: '  ' }).success).toBe(false);
  });

  it('is written by super_admin and admin only; the log is read by them only', () => {
    for (const role of ROLES) {
      const allowed = role === 'super_admin' || role === 'admin';
      expect(can(role, 'audit_logs:review')).toBe(allowed);
      expect(can(role, 'audit_logs:read')).toBe(allowed);
    }
  });
});

it('names every known target type in Korean and passes unknown ones through', () => {
  for (const type of AUDIT_TARGET_TYPES) expect(auditTargetTypeLabel(type)).toMatch(/[가-힣]/);
  expect(auditTargetTypeLabel('something_new')).toBe('something_new');
  expect(auditTargetTypeLabel(null)).toBe('');
});
