import type { NoticeAudience } from '@ilson/contracts';
import { Alert, Button, Divider, Flex, Modal, Spin, Typography } from 'antd';
import { koNotices } from '../../locales/ko/notices';
import { AudienceTag } from './columns';
import { NoticeContent } from './notice-content';

const t = koNotices;

type PreviewModalProps = {
  open: boolean;
  loading: boolean;
  title: string;
  audience: NoticeAudience;
  /** The server's sanitised HTML (`POST notices/preview`), exactly what would be stored. */
  html: string | null;
  onClose(): void;
};

export function PreviewModal({ open, loading, title, audience, html, onClose }: PreviewModalProps) {
  return (
    <Modal
      open={open}
      title={t.previewTitle}
      width={860}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t.previewClose}
        </Button>
      }
      destroyOnHidden
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
    >
      <Alert type="info" showIcon title={t.previewNotice} style={{ marginBottom: 16 }} />
      <Flex align="center" gap={8} wrap>
        <AudienceTag audience={audience} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title || koNotices.fields.title}
        </Typography.Title>
      </Flex>
      <Divider style={{ margin: '12px 0 20px' }} />
      {loading || html === null ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <NoticeContent html={html} label={t.previewTitle} />
      )}
    </Modal>
  );
}
