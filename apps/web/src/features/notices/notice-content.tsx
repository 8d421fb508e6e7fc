import { Empty } from 'antd';
import { useMemo } from 'react';
import './notice-content.css';
import { koNotices } from '../../locales/ko/notices';
import { safeRichText } from './safe-html';

type NoticeContentProps = { html: string; label?: string };

/**
 * A notice's rich text as app users see it. The server sanitised this HTML when it was stored (and the preview
 * endpoint returns it sanitised the same way); `safeRichText` applies the same allow-list once more, so only
 * that makes `dangerouslySetInnerHTML` acceptable here.
 */
export function NoticeContent({ html, label }: NoticeContentProps) {
  const safe = useMemo(() => safeRichText(html), [html]);
  if (!safe.trim()) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={koNotices.previewEmpty} />;
  }
  return (
    <article
      className="notice-content"
      aria-label={label ?? koNotices.fields.content}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, and again by safeRichText.
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
