import { errorMessages, TOAST_DURATION_SECONDS } from '@ilson/contracts';
import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { classifyResponse } from '../api/errors';
import { errorToastOptions, type ToastApi, ToastProvider, useToast } from './toast';

describe('errorToastOptions (docs/wire.md#errors-and-validation display)', () => {
  it('shows a retryable error with a retry callback until clicked, and clicking retries', () => {
    const retry = vi.fn();
    const options = errorToastOptions(classifyResponse(503, undefined), retry, 'k1');
    expect(options.duration).toBe(0);
    expect(options.type).toBe('error');
    options.onClick?.({} as never);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it("offers the retry toast for a statement out of time (503 QUERY_TIMEOUT), with the server's Korean message", () => {
    const retry = vi.fn();
    const error = classifyResponse(503, {
      error: { code: 'QUERY_TIMEOUT', message: errorMessages.QUERY_TIMEOUT },
    });
    expect(error).toMatchObject({ type: 'server', code: 'QUERY_TIMEOUT', retryable: true });
    const options = errorToastOptions(error, retry, 'k4');
    expect(options.duration).toBe(0);
    expect(JSON.stringify(options.content)).toContain(errorMessages.QUERY_TIMEOUT);
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

let captured: ToastApi | undefined;
function Probe() {
  const toast = useToast();
  useEffect(() => {
    captured = toast;
  }, [toast]);
  return null;
}

describe('ToastProvider (docs/web-app.md#first-load)', () => {
  it('loads antd only when a toast is asked for, and shows the toasts asked for meanwhile in order', async () => {
    render(
      <ToastProvider>
        <Probe />
      </ToastProvider>,
    );
    // Nothing asked yet: no holder mounted.
    expect(document.querySelector('.ant-message')).toBeNull();
    const first = captured!;
    act(() => {
      first.success('첫 번째 알림');
      first.error('두 번째 알림');
    });
    const shown = await screen.findByText('두 번째 알림');
    const earlier = screen.getByText('첫 번째 알림');
    expect(earlier.compareDocumentPosition(shown) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The API object is the same for the provider's life: a callback made before the holder loaded still works.
    expect(captured).toBe(first);
    act(() => first.info('세 번째 알림'));
    expect(await screen.findByText('세 번째 알림')).toBeTruthy();
    act(() => first.destroy());
  });
});
