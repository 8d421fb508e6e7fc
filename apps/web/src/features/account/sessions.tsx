import { sessionsApi } from '@ilson/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Typography } from 'antd';
import { useState } from 'react';
import { call, endpointKey, endpointQuery } from '../../api/endpoint';
import { SessionsTable } from '../../components/sessions-table';
import { useErrorToast, useToast } from '../../components/toast';
import { koSessions } from '../../locales/ko/second-factor';

const t = koSessions;

/** 내 정보 › 로그인 세션: my live sessions; end one, or all but this one. */
export function MySessions() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useErrorToast();
  const { modal } = App.useApp();
  const [ending, setEnding] = useState(false);
  const result = useQuery({ ...endpointQuery(sessionsApi.mine, {}), staleTime: 0 });
  const reload = () => queryClient.invalidateQueries({ queryKey: endpointKey(sessionsApi.mine, {}) });
  const others = (result.data?.data ?? []).filter((s) => !s.current).length;
  return (
    <>
      <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
      <SessionsTable
        sessions={result.data?.data}
        loading={result.isFetching}
        onEnd={async (session) => {
          await call(sessionsApi.endMine, { params: { sessionId: session.id } });
          toast.success(t.ended);
          await reload();
        }}
      />
      <Button
        danger
        disabled={others === 0}
        loading={ending}
        style={{ marginTop: 12 }}
        onClick={() =>
          modal.confirm({
            title: t.endOthersTitle,
            content: t.endOthersBody(others),
            okText: t.endOthers,
            okButtonProps: { danger: true },
            cancelText: t.cancel,
            onOk: async () => {
              setEnding(true);
              try {
                const { ended } = await call(sessionsApi.endOthers, {});
                toast.success(t.endedMany(ended));
                await reload();
              } catch (error) {
                showError(error);
              } finally {
                setEnding(false);
              }
            },
          })
        }
      >
        {t.endOthers}
      </Button>
    </>
  );
}
