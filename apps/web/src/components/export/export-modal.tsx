import { EXPORT_FORMATS, type ExportFormat, type ExportResource } from '@ilson/contracts';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Progress, Radio, Spin, Typography } from 'antd';
import { useClientSettings } from '../../api/client-settings';
import { useCan } from '../../auth/permissions';
import { koExports } from '../../locales/ko/exports';
import { applyServerErrors } from '../form/field-errors';
import type { ExportProgress, ExportQuery } from './download';
import { useExport } from './use-export';

const t = koExports;

type Values = { format: ExportFormat; reason?: string; unmasked?: boolean };

const FIELDS = ['format', 'reason'];

export function ProgressLine({ progress }: { progress: ExportProgress | null }) {
  const { loaded = 0, total } = progress ?? {};
  const percent = total ? Math.min(100, Math.floor((loaded / total) * 100)) : undefined;
  return (
    <div role="status" aria-live="polite">
      {percent !== undefined && <Progress percent={percent} size="small" />}
      <Flex gap={8} align="center">
        {percent === undefined && <Spin size="small" />}
        <Typography.Text type="secondary">
          {loaded === 0 ? t.preparing : total ? t.receivingOf(loaded, total) : t.receiving(loaded)}
        </Typography.Text>
      </Flex>
    </div>
  );
}

type ExportModalProps = { resource: ExportResource; query: ExportQuery; onClose: () => void };

/**
 * 목록 내보내기: format, purpose (required when the settings say so, and always for unmasked data) and, for
 * those allowed, unmasked identifiers. Stays open while the file downloads, with its progress and a cancel.
 */
export function ExportModal({ resource, query, onClose }: ExportModalProps) {
  const [form] = Form.useForm<Values>();
  const can = useCan();
  const settings = useClientSettings();
  const exporter = useExport(resource, query);
  const unmasked = Form.useWatch('unmasked', form) === true;
  // Until the settings arrive (or if they cannot), ask for a purpose: the server's default.
  const reasonRequired = unmasked || settings.data?.exportReasonRequired !== false;
  const { running } = exporter;

  const handleOk = async () => {
    // Invalid fields show their messages; nothing to send yet.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const outcome = await exporter.run({
      format: values.format,
      reason: values.reason,
      unmasked: values.unmasked === true,
    });
    if (outcome.ok) onClose();
    else if (outcome.error) applyServerErrors(form, outcome.error.details, FIELDS);
  };

  const handleClose = () => {
    if (!running) onClose();
  };

  return (
    <Modal
      open
      title={t.title}
      onCancel={handleClose}
      closable={!running}
      mask={{ closable: !running }}
      keyboard={!running}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={running ? exporter.cancel : onClose}>
          {running ? t.cancel : t.close}
        </Button>,
        <Button key="ok" type="primary" loading={running} onClick={() => void handleOk()}>
          {t.submit}
        </Button>,
      ]}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t.scope(resource)}
        description={
          <>
            {!unmasked && <div>{t.masked}</div>}
            <div>{t.logged}</div>
          </>
        }
      />
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={running}
        initialValues={{ format: 'excel', reason: '', unmasked: false }}
      >
        <Form.Item name="format" label={t.format}>
          <Radio.Group
            options={EXPORT_FORMATS.map((format) => ({ value: format, label: t.formats[format] }))}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t.reason}
          required={reasonRequired}
          dependencies={['unmasked']}
          rules={[{ required: reasonRequired, whitespace: true, message: t.reasonRequired }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={t.reasonPlaceholder} />
        </Form.Item>
        {can('exports:unmasked') && (
          <Form.Item
            name="unmasked"
            valuePropName="checked"
            style={{ marginBottom: unmasked ? 8 : undefined }}
          >
            <Checkbox>{t.unmasked}</Checkbox>
          </Form.Item>
        )}
        {unmasked && <Alert type="warning" showIcon title={t.unmaskedWarning} style={{ marginBottom: 16 }} />}
      </Form>
      {running && <ProgressLine progress={exporter.progress} />}
    </Modal>
  );
}
