import { WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ko } from '../locales/ko/common';

/** Kept light on purpose (no antd Result and its illustrations): it ships with the first bundle. */
export function ErrorFallback() {
  return (
    <div role="alert" style={{ padding: '48px 24px', textAlign: 'center' }}>
      <WarningOutlined style={{ fontSize: 56, color: '#faad14' }} />
      <h2 style={{ margin: '24px 0 8px', fontSize: 22, fontWeight: 600 }}>{ko.errors.chunkLoadTitle}</h2>
      <p style={{ margin: '0 0 24px', color: 'var(--ant-color-text-tertiary, rgba(0, 0, 0, 0.45))' }}>
        {ko.errors.chunkLoadDescription}
      </p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {ko.errors.reload}
      </Button>
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
