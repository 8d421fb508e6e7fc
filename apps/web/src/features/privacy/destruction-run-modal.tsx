import {
  type DestructionResult,
  RETENTION_KIND_LABELS,
  RETENTION_METHOD_BY_KIND,
  RETENTION_METHOD_LABELS,
} from '@ilson/contracts';
import { Alert, Button, Input, List, Modal, Popconfirm, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { showErrorToast, useToast } from '../../components/toast';
import { koPrivacy } from '../../locales/ko/privacy';
import { useRunDestruction } from './api';

const t = koPrivacy.run;

/**
 * The destruction run (docs/privacy-lifecycle.md#the-job): a dry run first, so the super admin sees per kind how
 * many records are due and under which rule; then the real run, which destroys exactly that, after a confirmation.
 */
export function DestructionRunModal({ onClose }: { onClose(): void }) {
  const toast = useToast();
  const dry = useRunDestruction();
  const real = useRunDestruction();
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<DestructionResult | null>(null);
  const { mutateAsync: check } = dry;

  useEffect(() => {
    check({ dryRun: true })
      .then(setPreview)
      .catch((error: unknown) => showErrorToast(toast, error));
  }, [check, toast]);

  const handleRun = async () => {
    try {
      const done = await real.mutateAsync({ dryRun: false, reason: reason.trim() });
      toast.success(t.done(done.total));
      onClose();
    } catch (error) {
      showErrorToast(toast, error);
    }
  };

  const total = preview?.total ?? 0;
  return (
    <Modal
      open
      title={t.title}
      onCancel={onClose}
      width={640}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t.cancel}
        </Button>,
        <Popconfirm
          key="run"
          title={t.confirmTitle}
          okText={t.confirm}
          okButtonProps={{ danger: true }}
          onConfirm={handleRun}
        >
          <Button danger type="primary" disabled={!preview || total === 0} loading={real.isPending}>
            {t.confirm}
          </Button>
        </Popconfirm>,
      ]}
    >
      {!preview ? (
        <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 3 }} aria-label={t.checking} />
      ) : total === 0 ? (
        <Alert type="success" showIcon title={t.nothing} />
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            title={t.due(total)}
            description={t.irreversible}
            style={{ marginBottom: 16 }}
          />
          <List
            size="small"
            bordered
            dataSource={preview.kinds.filter((kind) => kind.count > 0)}
            renderItem={(kind) => (
              <List.Item>
                <List.Item.Meta
                  title={`${RETENTION_KIND_LABELS[kind.kind].label} ${koPrivacy.count(kind.count)}`}
                  description={
                    <>
                      {RETENTION_KIND_LABELS[kind.kind].subject} · {koPrivacy.months(kind.months)} ·{' '}
                      {RETENTION_METHOD_LABELS[RETENTION_METHOD_BY_KIND[kind.kind]]}
                      <br />
                      {kind.basis}
                      <br />
                      <Typography.Text type="secondary">{t.dueBefore(kind.dueBefore)}</Typography.Text>
                    </>
                  }
                />
              </List.Item>
            )}
            style={{ marginBottom: 16 }}
          />
          <Typography.Text strong>{t.reason}</Typography.Text>
          <Input.TextArea
            aria-label={t.reason}
            placeholder={t.reasonPlaceholder}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 4 }}
            style={{ marginTop: 4 }}
          />
        </>
      )}
    </Modal>
  );
}
