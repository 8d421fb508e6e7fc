import { Card, Empty } from 'antd';
import { PageHeader } from '../../layout/page-header';
import { ko } from '../../locales/ko';

/** Every screen whose contents arrive with a later issue: its title, breadcrumbs and a notice. */
export default function PlaceholderPage() {
  return (
    <>
      <PageHeader />
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <strong>{ko.pages.preparingTitle}</strong>
              <br />
              {ko.pages.preparingDescription}
            </>
          }
        />
      </Card>
    </>
  );
}
