import { okResponseSchema } from './auth';
import { defineEndpoints } from './endpoint';
import { z } from './zod-setup';

/**
 * Seeing and ending sessions (docs/sessions-and-logs.md#seeing-and-ending-sessions): one's own in 내 정보, another
 * admin's for a super admin. Ending one revokes its refresh family at once.
 */
export const sessionSchema = z.object({
  id: z.string(),
  /** The session this request is made with. */
  current: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  remember: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  /** Signed in with a second factor (docs/second-factor.md). */
  secondFactor: z.boolean(),
});
export type AdminSession = z.infer<typeof sessionSchema>;
export const sessionsResponseSchema = z.object({ data: z.array(sessionSchema) });

export const sessionMessages = {
  notFound: '이미 종료되었거나 없는 세션입니다.',
  currentViaLogout: '지금 쓰는 세션은 로그아웃으로 종료해 주세요.',
} as const;

const sessionParams = z.object({ sessionId: z.uuid({ error: sessionMessages.notFound }) });
const adminParams = z.object({ id: z.coerce.number().int().positive() });
const endedSchema = z.object({ ended: z.number().int() });

export const sessionsApi = defineEndpoints('sessions', {
  mine: {
    method: 'GET',
    path: '/me/sessions',
    access: 'authenticated',
    summary: '내 로그인 세션 (기기, IP, 시작, 마지막 활동)',
    response: sessionsResponseSchema,
  },
  endMine: {
    method: 'POST',
    path: '/me/sessions/:sessionId/end',
    access: 'authenticated',
    summary: '내 다른 세션 하나 종료 (그 세션의 토큰은 즉시 무효)',
    params: sessionParams,
    response: okResponseSchema,
  },
  endOthers: {
    method: 'POST',
    path: '/me/sessions/end-others',
    access: 'authenticated',
    summary: '지금 세션 외의 내 세션 모두 종료',
    response: endedSchema,
  },
  ofAdmin: {
    method: 'GET',
    path: '/admins/:id/sessions',
    access: 'admins:manage',
    summary: '관리자의 로그인 세션',
    params: adminParams,
    response: sessionsResponseSchema,
  },
  endOfAdmin: {
    method: 'POST',
    path: '/admins/:id/sessions/:sessionId/end',
    access: 'admins:manage',
    summary: '관리자의 세션 하나 종료 (접속기록에 남음)',
    params: adminParams.extend(sessionParams.shape),
    response: okResponseSchema,
  },
  endAllOfAdmin: {
    method: 'POST',
    path: '/admins/:id/sessions/end-all',
    access: 'admins:manage',
    summary: '관리자의 세션 모두 종료 (접속기록에 남음)',
    params: adminParams,
    response: endedSchema,
  },
});
