import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { TOAST_DURATION_SECONDS } from '@ilson/contracts';
import { ApiError, classifyError } from '../api/errors';
import { ko } from '../locales/ko/common';
import { h, icon } from './dom';

/**
 * Toasts of the plain login page in the look of antd's message (docs/wire.md#the-login-page), with the app's rules
 * (components/toast.tsx): shown for the default duration; a retryable error given a retry stays until clicked, and
 * the click retries.
 */
let holder: HTMLElement | null = null;

function container(): HTMLElement {
  if (!holder?.isConnected) {
    holder = h('div', { class: 'login-toasts', role: 'status', 'aria-live': 'polite' });
    document.body.append(holder);
  }
  return holder;
}

function show(kind: 'success' | 'error', content: Node[], onClick?: () => void): void {
  const toast = h(
    'div',
    { class: 'login-toast', 'data-kind': kind, 'data-clickable': onClick ? 'true' : undefined },
    icon(kind === 'success' ? CheckCircleFilled : CloseCircleFilled),
    h('span', {}, ...content),
  );
  container().append(toast);
  if (onClick) {
    toast.addEventListener('click', () => {
      toast.remove();
      onClick();
    });
  } else {
    setTimeout(() => toast.remove(), TOAST_DURATION_SECONDS * 1000);
  }
}

export function showSuccess(message: string): void {
  show('success', [document.createTextNode(message)]);
}

export function showError(error: unknown, retry?: () => void): void {
  const apiError = error instanceof ApiError ? error : classifyError(error);
  if (apiError.retryable && retry) {
    show(
      'error',
      [document.createTextNode(apiError.message), h('br'), h('strong', {}, ko.errors.clickToRetry)],
      retry,
    );
  } else {
    show('error', [document.createTextNode(apiError.message)]);
  }
}
