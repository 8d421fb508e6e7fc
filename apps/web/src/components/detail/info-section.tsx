import { Descriptions, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import './info-section.css';

type InfoSectionProps = { title: string; items: DescriptionsProps['items']; extra?: ReactNode };

/** One titled block of a detail page's fields, two pairs a row on wide screens. */
export function InfoSection({ title, items, extra }: InfoSectionProps) {
  return (
    <Descriptions
      className="info-section"
      title={title}
      extra={extra}
      bordered
      size="small"
      column={{ xs: 1, lg: 2 }}
      items={items}
      styles={{ label: { width: 150 } }}
      style={{ marginBottom: 24 }}
    />
  );
}
