import { auditLogExportFileName } from '@ilson/contracts';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useClientSettings } from '../../api/client-settings';
import { classifyError } from '../../api/errors';
import { type ExportProgress, saveBlob } from '../../components/export/download';
import { ProgressLine } from '../../components/export/export-modal';
import { exportErrorMessage } from '../../components/export/use-export';
import { applyServerErrors } from '../../components/form/field-errors';
import { showErrorToast, useToast } from '../../components/toast';
import { todayInSeoul } from '../../lib/datetime';
import { koAudit } from '../../locales/ko/audit-logs';
import { koExports } from '../../locales/ko/exports';
import { type AuditLogListQuery, fetchAuditExport } from './api';

const t = koAudit.export;

type Values = { reason?: string };

type AuditExportModalProps = { query: AuditLogListQuery; onClose(): void };

/**
 * The filtered log as CSV, with the purpose when the settings ask for one; the export is itself logged.
 * Stays open while the file downloads, with its progress and a cancel.
 */
export function AuditExportModal({ query, onClose }: AuditExportModalProps) {
  const [form] = Form.useForm<Values>();
  const toast = useToast();
  const settings = useClientSettings();
  const controller = useRef<AbortController | null>(null);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  // Until the settings arrive (or if they cannot), ask for a purpose: the server's default.
  const reasonRequired = settings.data?.exportReasonRequired !== false;

  useEffect(() => () => controller.current?.abort(), []);

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const current = new AbortController();
    controller.current = current;
    setRunning(true);
    setProgress(null);
    try {
      const blob = await fetchAuditExport(query, values.reason, {
        signal: current.signal,
        onProgress: setProgress,
      });
      saveBlob(blob, auditLogExportFileName(todayInSeoul()));
      toast.success(t.success);
      onClose();
    } catch (caught) {
      if (current.signal.aborted) {
        toast.info(koExports.canceled);
        return;
      }
      const error = classifyError(caught);
      if (error.handled) return;
      toast.error(t.failure);
      if (error.type === 'validation') {
        const { unmapped } = applyServerErrors(form, error.details, ['reason']);
        if (unmapped.length) toast.error(exportErrorMessage(error));
      } else showErrorToast(toast, error);
    } finally {
      if (controller.current === current) controller.current = null;
      setRunning(false);
      setProgress(null);
    }
  };

  return (
    <Modal
      open
      title={t.title}
      onCancel={() => !running && onClose()}
      closable={!running}
      mask={{ closable: !running }}
      keyboard={!running}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={running ? () => controller.current?.abort() : onClose}>
          {running ? koExports.cancel : koExports.close}
        </Button>,
        <Button key="ok" type="primary" loading={running} onClick={() => void handleOk()}>
          {koExports.submit}
        </Button>,
      ]}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t.scope}
        description={koExports.logged}
      />
      <Form<Values> form={form} layout="vertical" disabled={running} initialValues={{ reason: '' }}>
        <Form.Item
          name="reason"
          label={koExports.reason}
          required={reasonRequired}
          rules={[{ required: reasonRequired, whitespace: true, message: koExports.reasonRequired }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={koAudit.export.reasonPlaceholder} />
        </Form.Item>
      </Form>
      {running && <ProgressLine progress={progress} />}
    </Modal>
  );
}
