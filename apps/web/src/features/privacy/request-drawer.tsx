import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  PRIVACY_REQUEST_CHANNEL_LABELS,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_SUBJECT_TYPE_LABELS,
  type PrivacyRequest,
  type PrivacyRequestStatus,
  privacyAccessFileName,
} from '@ilson/contracts';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Input,
  Modal,
  Popconfirm,
  Result,
  Spin,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { classifyError } from '../../api/errors';
import { useCan } from '../../auth/permissions';
import { useSession } from '../../auth/session-context';
import { saveBlob } from '../../components/export/download';
import { showErrorToast, useToast } from '../../components/toast';
import { formatDateTime, todayInSeoul } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { koPrivacy } from '../../locales/ko/privacy';
import { fetchAccessFile, useEraseRequest, useRequest, useUpdateRequest } from './api';
import { DueTag, RequestStatusTag } from './request-tags';

const t = koPrivacy.requests;

const multiline = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

/** One request and what can be done with it, by its kind and status and the admin's permissions. */
export function RequestDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const result = useRequest(id);
  const request = result.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={id ? t.detailTitle(id) : ''}
      size="large"
      destroyOnHidden
      extra={request && <RequestStatusTag status={request.status} />}
    >
      {request ? (
        <RequestDetail request={request} />
      ) : result.error ? (
        <Result
          status="warning"
          title={koKit.detail.errorTitle}
          subTitle={classifyError(result.error).message}
        />
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
    </Drawer>
  );
}

function RequestDetail({ request }: { request: PrivacyRequest }) {
  const can = useCan();
  const toast = useToast();
  const { user } = useSession();
  const update = useUpdateRequest();
  const erase = useEraseRequest();
  const [outcome, setOutcome] = useState(request.outcome);
  const [holds, setHolds] = useState<string[] | null>(null);
  const [fileOpen, setFileOpen] = useState(false);
  const closed = request.status === 'completed' || request.status === 'rejected';
  const handle = can('privacy:handle') && !closed;
  const subjectPath =
    request.subjectType === 'worker' ? screenHref('worker-detail', { id: request.subjectId }) : null;

  const save = async (change: { status?: PrivacyRequestStatus; assigneeAdminId?: number | null }) => {
    try {
      await update.mutateAsync({
        id: request.id,
        body: { ...change, outcome: outcome.trim(), version: request.version },
      });
      toast.success(t.saved);
    } catch (error) {
      showErrorToast(toast, error);
    }
  };

  const handleErase = async () => {
    setHolds(null);
    try {
      await erase.mutateAsync(request.id);
      toast.success(t.erased);
    } catch (caught) {
      const error = classifyError(caught);
      if (error.status === 409 && error.details.length > 0) setHolds(error.details.map((d) => d.message));
      else showErrorToast(toast, error);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t.columns.subject}>
          {subjectPath ? <Link to={subjectPath}>{request.subjectName}</Link> : request.subjectName}{' '}
          <Typography.Text type="secondary">
            ({PRIVACY_SUBJECT_TYPE_LABELS[request.subjectType]} #{request.subjectId})
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t.columns.kind}>
          {PRIVACY_REQUEST_KIND_LABELS[request.kind]}
        </Descriptions.Item>
        <Descriptions.Item label={t.columns.channel}>
          {PRIVACY_REQUEST_CHANNEL_LABELS[request.channel]}
        </Descriptions.Item>
        <Descriptions.Item label={t.columns.receivedAt}>{request.receivedAt}</Descriptions.Item>
        <Descriptions.Item label={t.columns.dueDate}>
          <DueTag request={request} />
        </Descriptions.Item>
        <Descriptions.Item label={t.fields.details}>
          <div style={multiline}>{request.details || '-'}</div>
        </Descriptions.Item>
        <Descriptions.Item label={t.columns.assignee}>
          <Flex gap={8} align="center" wrap>
            {request.assigneeName ?? <Typography.Text type="secondary">{t.unassigned}</Typography.Text>}
            {handle && user && request.assigneeAdminId !== user.id && (
              <Button
                size="small"
                onClick={() => save({ assigneeAdminId: user.id })}
                loading={update.isPending}
              >
                {t.assignMe}
              </Button>
            )}
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t.fields.createdBy}>
          {request.createdByName ?? '-'} · {formatDateTime(request.createdAt)}
        </Descriptions.Item>
        {request.completedAt && (
          <Descriptions.Item label={t.fields.completedAt}>
            {formatDateTime(request.completedAt)}
          </Descriptions.Item>
        )}
      </Descriptions>

      {closed ? (
        <>
          <Typography.Text strong>{t.fields.outcome}</Typography.Text>
          <div style={multiline}>{request.outcome}</div>
          <Typography.Text type="secondary">{t.closedHint}</Typography.Text>
        </>
      ) : (
        handle && (
          <>
            {request.kind === 'access' && (
              <Alert
                type="info"
                showIcon
                title={t.accessHint}
                action={
                  <Button icon={<DownloadOutlined aria-hidden />} onClick={() => setFileOpen(true)}>
                    {t.accessFile}
                  </Button>
                }
              />
            )}
            {request.kind === 'erasure' && can('privacy:destroy') && (
              <Flex vertical gap={8}>
                {holds && (
                  <Alert
                    type="warning"
                    showIcon
                    title={t.erasureHeldTitle}
                    description={
                      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                        {holds.map((hold) => (
                          <li key={hold}>{hold}</li>
                        ))}
                      </ul>
                    }
                  />
                )}
                <Popconfirm
                  title={t.eraseConfirm}
                  okText={t.erase}
                  okButtonProps={{ danger: true }}
                  onConfirm={handleErase}
                >
                  <Button danger icon={<DeleteOutlined aria-hidden />} loading={erase.isPending}>
                    {t.erase}
                  </Button>
                </Popconfirm>
              </Flex>
            )}
            <div>
              <Typography.Text strong>{t.fields.outcome}</Typography.Text>
              <Input.TextArea
                aria-label={t.fields.outcome}
                placeholder={t.fields.outcomePlaceholder}
                value={outcome}
                onChange={(event) => setOutcome(event.target.value)}
                maxLength={2000}
                autoSize={{ minRows: 2, maxRows: 6 }}
                style={{ marginTop: 4 }}
              />
            </div>
            <Flex gap={8} wrap>
              {request.status === 'received' && (
                <Button onClick={() => save({ status: 'in_progress' })} loading={update.isPending}>
                  {t.start}
                </Button>
              )}
              <Button type="primary" onClick={() => save({ status: 'completed' })} loading={update.isPending}>
                {t.complete}
              </Button>
              <Button onClick={() => save({ status: 'rejected' })} loading={update.isPending}>
                {t.reject}
              </Button>
            </Flex>
          </>
        )
      )}
      {fileOpen && <AccessFileModal request={request} onClose={() => setFileOpen(false)} />}
    </Flex>
  );
}

/** 열람 파일: asks why, then downloads the file the server logs with that reason. */
function AccessFileModal({ request, onClose }: { request: PrivacyRequest; onClose(): void }) {
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const handleOk = async () => {
    setBusy(true);
    try {
      const blob = await fetchAccessFile(request.id, reason.trim());
      saveBlob(blob, privacyAccessFileName(request.id, todayInSeoul()));
      toast.success(t.accessDone);
      onClose();
    } catch (error) {
      showErrorToast(toast, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t.accessFile}
      okText={t.accessFile}
      cancelText={t.cancel}
      onOk={handleOk}
      onCancel={onClose}
      okButtonProps={{ disabled: !reason.trim() }}
      confirmLoading={busy}
    >
      <Typography.Paragraph type="secondary">{t.accessHint}</Typography.Paragraph>
      <Typography.Text strong>{t.accessReason}</Typography.Text>
      <Input
        aria-label={t.accessReason}
        placeholder={t.accessReasonPlaceholder}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={500}
        style={{ marginTop: 4 }}
      />
    </Modal>
  );
}
