import { theme } from 'antd';
import type { ReactNode } from 'react';
import { ko } from '../locales/ko/common';

type PublicLayoutProps = { title: string; subtitle?: string; width?: number; children: ReactNode };

/**
 * The logged-out screens: a centred panel with a title and the copyright footer. Plain elements instead of
 * antd's Card and Typography keep those (and what they pull in) out of the login bundle.
 */
export function PublicLayout({ title, subtitle, width = 400, children }: PublicLayoutProps) {
  // The theme's colours, so the logged-out screens follow dark mode too (docs/ARCHITECTURE.md#themes).
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: token.colorBgLayout,
      }}
    >
      <main
        style={{
          width: '100%',
          maxWidth: width,
          padding: '40px 32px 32px',
          background: token.colorBgContainer,
          borderRadius: 8,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <header style={{ textAlign: 'center', marginBottom: 32 }}>
          <h1 style={{ margin: '0 0 8px', fontSize: 28, fontWeight: 600, color: token.colorText }}>
            {title}
          </h1>
          {subtitle && <p style={{ margin: 0, color: token.colorTextSecondary }}>{subtitle}</p>}
        </header>
        {children}
      </main>
      <footer style={{ marginTop: 24, color: token.colorTextSecondary, fontSize: 13 }}>
        {ko.login.copyright}
      </footer>
    </div>
  );
}
