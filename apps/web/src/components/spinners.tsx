import { Spin } from 'antd';
import type { CSSProperties } from 'react';
import { ko } from '../locales/ko/common';

type SpinnerProps = { label?: string; size?: 'small' | 'medium' | 'large'; style?: CSSProperties };

const centred: CSSProperties = { display: 'flex', alignItems: 'center', justifyContent: 'center' };

/** A spinner announced to screen readers by its label. */
export function Spinner({ label = ko.app.loading, size = 'medium', style }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} style={{ ...centred, ...style }}>
      <Spin
        size={size}
        description={label}
        styles={{ description: { color: 'var(--ant-color-text-secondary)' } }}
      />
    </div>
  );
}

/** The whole viewport, large: while the session or a standalone screen loads. */
export function FullPageSpinner({ label }: Pick<SpinnerProps, 'label'>) {
  return <Spinner label={label} size="large" style={{ minHeight: '100vh' }} />;
}

/** Centred in the content area: while a page chunk loads. */
export function PageSpinner({ label }: Pick<SpinnerProps, 'label'>) {
  return <Spinner label={label} size="large" style={{ minHeight: 320 }} />;
}
