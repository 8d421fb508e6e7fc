import { TOAST_DURATION_SECONDS } from '@ilson/contracts';
import { describe, expect, it, vi } from 'vitest';
import { classifyResponse } from '../api/errors';
import { errorToastOptions } from './toast';

describe('errorToastOptions (docs/ARCHITECTURE.md#errors-and-validation display)', () => {
  it('shows a retryable error with a retry callback until clicked, and clicking retries', () => {
    const retry = vi.fn();
    const options = errorToastOptions(classifyResponse(503, undefined), retry, 'k1');
    expect(options.duration).toBe(0);
    expect(options.type).toBe('error');
    options.onClick?.({} as never);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('shows other errors for the default duration, without a retry line', () => {
    const retry = vi.fn();
    const notRetryable = errorToastOptions(classifyResponse(403, undefined), retry, 'k2');
    expect(notRetryable).toEqual({
      key: 'k2',
      type: 'error',
      duration: TOAST_DURATION_SECONDS,
      content: '접근 권한이 없습니다.',
    });
    const noCallback = errorToastOptions(classifyResponse(503, undefined), undefined, 'k3');
    expect(noCallback.duration).toBe(TOAST_DURATION_SECONDS);
    expect(noCallback.onClick).toBeUndefined();
  });
});
