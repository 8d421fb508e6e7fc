import { type Admin, secondFactorApi, sessionsApi } from '@ilson/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { call, endpointKey, endpointQuery } from '../../api/endpoint';
import { fieldMessageOf } from '../../api/errors';
import { SessionsTable } from '../../components/sessions-table';
import { useErrorToast, useToast } from '../../components/toast';
import { koSecondFactorAdmin, koSessions } from '../../locales/ko/second-factor';

/** A super admin's view of another admin's live sessions, each to end, or all (docs/sessions-and-logs.md). */
export function AdminSessionsModal({ admin, onClose }: { admin: Admin; onClose: () => void }) {
  const t = koSessions;
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useErrorToast();
  const { modal } = App.useApp();
  const input = { params: { id: admin.id } };
  const result = useQuery({ ...endpointQuery(sessionsApi.ofAdmin, input), staleTime: 0 });
  const reload = () => queryClient.invalidateQueries({ queryKey: endpointKey(sessionsApi.ofAdmin, input) });
  const count = result.data?.data.filter((s) => !s.current).length ?? 0;
  return (
    <Modal
      open
      title={t.adminTitle(admin.name)}
      onCancel={onClose}
      width={820}
      footer={[
        <Button
          key="all"
          danger
          disabled={count === 0}
          onClick={() =>
            modal.confirm({
              title: t.endAllTitle(admin.name),
              content: t.endAllBody,
              okText: t.endAll,
              okButtonProps: { danger: true },
              cancelText: t.cancel,
              onOk: async () => {
                try {
                  const { ended } = await call(sessionsApi.endAllOfAdmin, input);
                  toast.success(t.endedMany(ended));
                  await reload();
                } catch (error) {
                  showError(error);
                }
              },
            })
          }
        >
          {t.endAll}
        </Button>,
        <Button key="close" onClick={onClose}>
          {t.close}
        </Button>,
      ]}
    >
      <SessionsTable
        sessions={result.data?.data}
        loading={result.isFetching}
        onEnd={async (session) => {
          await call(sessionsApi.endOfAdmin, { params: { id: admin.id, sessionId: session.id } });
          toast.success(t.ended);
          await reload();
        }}
      />
    </Modal>
  );
}

/** 2단계 인증 초기화 (a lost phone): with a reason, which the access log keeps; their sessions end. */
export function ResetSecondFactorModal({ admin, onClose }: { admin: Admin; onClose: () => void }) {
  const t = koSecondFactorAdmin;
  const [form] = Form.useForm<{ reason: string }>();
  const [pending, setPending] = useState(false);
  const toast = useToast();
  const showError = useErrorToast();
  const finish = async ({ reason }: { reason: string }) => {
    setPending(true);
    try {
      await call(secondFactorApi.reset, { params: { id: admin.id }, body: { reason } });
      toast.success(t.done);
      onClose();
    } catch (error) {
      const message = fieldMessageOf(error);
      if (message) form.setFields([{ name: 'reason', errors: [message] }]);
      else showError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      open
      title={t.title(admin.name)}
      onCancel={onClose}
      okText={t.ok}
      okButtonProps={{ danger: true }}
      cancelText={t.cancel}
      confirmLoading={pending}
      onOk={() => form.submit()}
    >
      <Typography.Paragraph>{t.body}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => void finish(values)} requiredMark={false}>
        <Form.Item
          name="reason"
          label={t.reason}
          rules={[{ required: true, whitespace: true, message: t.reasonRequired }]}
        >
          <Input.TextArea rows={3} maxLength={500} placeholder={t.reasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
