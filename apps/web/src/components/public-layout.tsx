import type { ReactNode } from 'react';
import { ko } from '../locales/ko/common';

type PublicLayoutProps = { title: string; subtitle?: string; width?: number; children: ReactNode };

/**
 * The logged-out screens: a centred panel with a title and the copyright footer. Plain elements with the theme's
 * colours as CSS variables (index.css): the login bundle loads no antd (docs/web-app.md#first-load), and the
 * screens follow dark mode too (docs/web-app.md#themes).
 */
export function PublicLayout({ title, subtitle, width = 400, children }: PublicLayoutProps) {
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: 'var(--ilson-bg-layout)',
      }}
    >
      <main
        style={{
          width: '100%',
          maxWidth: width,
          padding: '40px 32px 32px',
          background: 'var(--ilson-bg-container)',
          borderRadius: 8,
          boxShadow: 'var(--ilson-shadow)',
        }}
      >
        <header style={{ textAlign: 'center', marginBottom: 32 }}>
          <h1 style={{ margin: '0 0 8px', fontSize: 28, fontWeight: 600, color: 'var(--ilson-text)' }}>
            {title}
          </h1>
          {subtitle && <p style={{ margin: 0, color: 'var(--ilson-text-secondary)' }}>{subtitle}</p>}
        </header>
        {children}
      </main>
      <footer style={{ marginTop: 24, color: 'var(--ilson-text-secondary)', fontSize: 13 }}>
        {ko.login.copyright}
      </footer>
    </div>
  );
}
