import { RETRY_TOAST_DURATION, TOAST_DURATION_SECONDS } from '@ilson/contracts';
import { type MessageArgsProps, message } from 'antd';
import { createContext, type ReactNode, useCallback, useContext } from 'react';
import { type ApiError, classifyError } from '../api/errors';
import { ko } from '../locales/ko/common';

export type ToastApi = ReturnType<typeof message.useMessage>[0];
export type ShowErrorToast = (error: unknown, retry?: () => void) => void;

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Toasts through antd's message hook, so they follow the theme and locale. antd's App (which adds the
 * notification and modal hooks) wraps the shell instead: here it would put Modal into the login bundle.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage({ duration: TOAST_DURATION_SECONDS, maxCount: 3 });
  return (
    <ToastContext value={api}>
      {holder}
      {children}
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

let toastSeq = 0;

/**
 * docs/ARCHITECTURE.md#errors-and-validation display: a toast for the default duration; a retryable error given a retry callback adds a
 * "click to retry" line, stays until clicked (duration 0), and clicking retries.
 */
export function errorToastOptions(
  error: ApiError,
  retry: (() => void) | undefined,
  key: string,
): MessageArgsProps {
  if (error.retryable && retry) {
    return {
      key,
      type: 'error',
      duration: RETRY_TOAST_DURATION,
      style: { cursor: 'pointer' },
      content: (
        <span>
          {error.message}
          <br />
          <strong>{ko.errors.clickToRetry}</strong>
        </span>
      ),
      onClick: retry,
    };
  }
  return { key, type: 'error', duration: TOAST_DURATION_SECONDS, content: error.message };
}

export function showErrorToast(toast: ToastApi, error: unknown, retry?: () => void): void {
  const apiError = classifyError(error);
  if (apiError.handled) return;
  toastSeq += 1;
  const key = `api-error-${toastSeq}`;
  const handleRetry = retry
    ? () => {
        toast.destroy(key);
        retry();
      }
    : undefined;
  toast.open(errorToastOptions(apiError, handleRetry, key));
}

export function useErrorToast(): ShowErrorToast {
  const toast = useToast();
  return useCallback((error, retry) => showErrorToast(toast, error, retry), [toast]);
}
