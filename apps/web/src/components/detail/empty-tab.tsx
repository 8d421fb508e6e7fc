import { Empty } from 'antd';
import { koKit } from '../../locales/ko/kit';

/** A tab whose records arrive with a later issue (job posts, matchings). */
export function EmptyTab() {
  const t = koKit.detail;
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <strong>{t.emptyTab}</strong>
          <br />
          {t.emptyTabHint}
        </>
      }
      style={{ padding: '32px 0' }}
    />
  );
}
