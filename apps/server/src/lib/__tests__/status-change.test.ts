import {
  EMPLOYER_STATUS_LABELS,
  EMPLOYER_TRANSITIONS,
  recordMessages,
  WORKER_STATUS_LABELS,
  WORKER_TRANSITIONS,
} from '@ilson/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { checkTransition } from '../status-change';

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError)
      return { code: error.code, status: error.statusCode, details: error.details };
    throw error;
  }
  return null;
}

describe('checkTransition', () => {
  it('answers the transition when the table allows it for the role', () => {
    const t = checkTransition(EMPLOYER_TRANSITIONS, EMPLOYER_STATUS_LABELS, {
      from: 'pending',
      to: 'approved',
      role: 'branch_manager',
    });
    expect(t.action).toBe('approve');
  });

  it('refuses a change the table does not list with 409 INVALID_TRANSITION and Korean labels', () => {
    const error = refusal(() =>
      checkTransition(EMPLOYER_TRANSITIONS, EMPLOYER_STATUS_LABELS, {
        from: 'withdrawn',
        to: 'approved',
        role: 'admin',
      }),
    );
    expect(error).toMatchObject({ code: 'INVALID_TRANSITION', status: 409 });
  });

  it('refuses a role without the permission the transition needs with 403, before asking for a reason', () => {
    expect(
      refusal(() =>
        checkTransition(EMPLOYER_TRANSITIONS, EMPLOYER_STATUS_LABELS, {
          from: 'pending',
          to: 'rejected',
          role: 'viewer',
        }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(
      refusal(() =>
        checkTransition(WORKER_TRANSITIONS, WORKER_STATUS_LABELS, {
          from: 'seeking',
          to: 'departed',
          role: 'viewer',
        }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });

  it('asks for a reason where the transition requires one (blank counts as missing)', () => {
    expect(
      refusal(() =>
        checkTransition(EMPLOYER_TRANSITIONS, EMPLOYER_STATUS_LABELS, {
          from: 'approved',
          to: 'suspended',
          reason: '  ',
          role: 'admin',
        }),
      ),
    ).toEqual({
      code: 'VALIDATION_ERROR',
      status: 422,
      details: [{ field: 'reason', message: recordMessages.reasonRequired }],
    });
  });
});
