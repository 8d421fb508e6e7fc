import { RETRY_TOAST_DURATION, TOAST_DURATION_SECONDS } from '@ilson/contracts';
import type { MessageArgsProps } from 'antd';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { type ApiError, classifyError } from '../api/errors';
import { ko } from '../locales/ko/common';

type Content = MessageArgsProps['content'];

/** What the screens use of antd's message API. */
export type ToastApi = {
  open(args: MessageArgsProps): void;
  success(content: Content, duration?: number): void;
  error(content: Content, duration?: number): void;
  info(content: Content, duration?: number): void;
  destroy(key?: MessageArgsProps['key']): void;
};

export type ShowErrorToast = (error: unknown, retry?: () => void) => void;

type Call = { [M in keyof ToastApi]: { method: M; args: Parameters<ToastApi[M]> } }[keyof ToastApi];

const ToastContext = createContext<ToastApi | null>(null);
const ToastHolder = lazy(() => import('./toast-holder'));
/** Asks ToastProvider to mount the holder now (`usePreloadToasts`). */
const PreloadContext = createContext<() => void>(() => {});

/**
 * Toasts through antd's message hook, so they follow the theme and locale — loaded on first use (or when the
 * signed-in app asks for it ahead, `usePreloadToasts`), so the login form loads none of antd
 * (docs/web-app.md#first-load). Calls made before the holder is mounted wait and are shown in order once it is.
 * antd's App (which adds the notification and modal hooks) wraps the shell instead.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  // One API object for the provider's life: a callback made before the holder loaded still reaches it.
  const [state] = useState(() => ({ holder: null as ToastApi | null, pending: [] as Call[] }));
  const api = useMemo<ToastApi>(() => {
    const call = (entry: Call) => {
      if (state.holder) forward(state.holder, entry);
      else {
        state.pending.push(entry);
        setWanted(true);
      }
    };
    return {
      open: (...args) => call({ method: 'open', args }),
      success: (...args) => call({ method: 'success', args }),
      error: (...args) => call({ method: 'error', args }),
      info: (...args) => call({ method: 'info', args }),
      destroy: (...args) => call({ method: 'destroy', args }),
    };
  }, [state]);
  const onReady = useCallback(
    (holder: ToastApi) => {
      state.holder = holder;
      for (const entry of state.pending.splice(0)) forward(holder, entry);
    },
    [state],
  );
  const preload = useCallback(() => setWanted(true), []);
  return (
    <PreloadContext value={preload}>
      <ToastContext value={api}>
        {wanted && (
          <Suspense fallback={null}>
            <ToastHolder onReady={onReady} />
          </Suspense>
        )}
        {children}
      </ToastContext>
    </PreloadContext>
  );
}

function forward(holder: ToastApi, entry: Call): void {
  (holder[entry.method] as (...args: unknown[]) => void)(...entry.args);
}

/** Mounts the toast holder now (the signed-in app: its toasts then show without waiting for a chunk). */
export function usePreloadToasts(): void {
  const preload = useContext(PreloadContext);
  useEffect(preload, [preload]);
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

let toastSeq = 0;

/**
 * docs/wire.md#errors-and-validation display: a toast for the default duration; a retryable error given a retry callback adds a
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
