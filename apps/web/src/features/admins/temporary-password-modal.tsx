import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useToast } from '../../components/toast';
import { koAdmins } from '../../locales/ko/admins';

const t = koAdmins.temporary;

export type TemporaryPassword = { title: string; loginId: string; password: string };

/**
 * The one time a temporary password is shown (after an invitation or a reset): the server keeps only its
 * hash. Closing is a deliberate click, not a stray one on the mask.
 */
export function TemporaryPasswordModal({
  value,
  onClose,
}: {
  value: TemporaryPassword | null;
  onClose(): void;
}) {
  const toast = useToast();
  const copy = async () => {
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value.password);
      toast.success(t.copied);
    } catch {
      toast.error(t.copyFailed);
    }
  };
  return (
    <Modal
      open={value !== null}
      title={value?.title}
      onCancel={onClose}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t.close}
        </Button>
      }
    >
      {value && (
        <Flex vertical gap={16}>
          <Alert type="warning" showIcon title={t.warningTitle} description={t.warningBody} />
          <div>
            <Typography.Text type="secondary">{t.label(value.loginId)}</Typography.Text>
            <Flex gap={8} align="center" style={{ marginTop: 8 }}>
              <Typography.Text
                code
                data-testid="temporary-password"
                style={{ fontSize: 20, letterSpacing: 1, userSelect: 'all', wordBreak: 'break-all' }}
              >
                {value.password}
              </Typography.Text>
              <Button icon={<CopyOutlined />} onClick={() => void copy()}>
                {t.copy}
              </Button>
            </Flex>
          </div>
        </Flex>
      )}
    </Modal>
  );
}
