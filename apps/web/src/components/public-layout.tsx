import type { ReactNode } from 'react';
import { ko } from '../locales/ko/common';

type PublicLayoutProps = { title: string; subtitle?: string; width?: number; children: ReactNode };

/**
 * The logged-out screens: a centred panel with a title and the copyright footer. Plain elements instead of
 * antd's Card and Typography keep those (and what they pull in) out of the login bundle.
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
        background: '#f0f2f5',
      }}
    >
      <main
        style={{
          width: '100%',
          maxWidth: width,
          padding: '40px 32px 32px',
          background: '#fff',
          borderRadius: 8,
          boxShadow: '0 4px 24px rgba(0, 0, 0, 0.08)',
        }}
      >
        <header style={{ textAlign: 'center', marginBottom: 32 }}>
          <h1 style={{ margin: '0 0 8px', fontSize: 28, fontWeight: 600, color: 'rgba(0, 0, 0, 0.88)' }}>
            {title}
          </h1>
          {subtitle && <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.45)' }}>{subtitle}</p>}
        </header>
        {children}
      </main>
      <footer style={{ marginTop: 24, color: 'rgba(0, 0, 0, 0.45)', fontSize: 13 }}>
        {ko.login.copyright}
      </footer>
    </div>
  );
}
