import WarningOutlined from '@ant-design/icons-svg/es/asn/WarningOutlined';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ko } from '../locales/ko/common';
import { PlainIcon } from './plain-icon';

/** Plain elements (index.css): it ships with the first bundle, which loads no antd (docs/web-app.md#first-load). */
export function ErrorFallback() {
  return (
    <div role="alert" style={{ padding: '48px 24px', textAlign: 'center' }}>
      <PlainIcon icon={WarningOutlined} style={{ fontSize: 56, color: '#faad14' }} />
      <h2 style={{ margin: '24px 0 8px', fontSize: 22, fontWeight: 600 }}>{ko.errors.chunkLoadTitle}</h2>
      <p style={{ margin: '0 0 24px', color: 'var(--ilson-text-secondary)' }}>
        {ko.errors.chunkLoadDescription}
      </p>
      <button
        type="button"
        className="ilson-button-primary"
        style={{ width: 'auto', height: 32, fontSize: 14, borderRadius: 6 }}
        onClick={() => window.location.reload()}
      >
        {ko.errors.reload}
      </button>
    </div>
  );
}

type ErrorBoundaryProps = { children: ReactNode };
type ErrorBoundaryState = { error: unknown };

/** Catches a page chunk that failed to load (or a render error) and offers a reload. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorFallback /> : this.props.children;
  }
}
