import { Empty } from 'antd';
import { koRecords } from '../../locales/ko-records';

/** A tab whose records arrive with a later issue (job posts, matchings). */
export function EmptyTab() {
  const t = koRecords.detail;
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
