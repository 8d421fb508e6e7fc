import type { CSSProperties } from 'react';
import { ko } from '../locales/ko/common';

type SpinnerProps = { label?: string; size?: 'small' | 'medium' | 'large'; style?: CSSProperties };

const centred: CSSProperties = { display: 'flex', alignItems: 'center', justifyContent: 'center' };

/**
 * A spinner announced to screen readers by its label, shown under it. Plain CSS (index.css `.ilson-spinner`): it is
 * on screen before antd is loaded, while the session is checked and the login form loads
 * (docs/web-app.md#first-load).
 */
export function Spinner({ label = ko.app.loading, size = 'medium', style }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} style={{ ...centred, ...style }}>
      <span className="ilson-spinner" data-size={size}>
        {label}
      </span>
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
