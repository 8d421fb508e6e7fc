import {
  type CurrentUser,
  type Passkey,
  type SecondFactorProof,
  secondFactorApi,
  type TotpSetup,
} from '@ilson/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { call, endpointKey, endpointQuery } from '../../api/endpoint';
import { ApiError, fieldMessageOf } from '../../api/errors';
import { createPasskey, passkeyCancelled, passkeysSupported } from '../../auth/passkey';
import { useErrorToast, useToast } from '../../components/toast';
import { koSecondFactor } from '../../locales/ko/second-factor';

const t = koSecondFactor;

export const mySecondFactorQuery = { ...endpointQuery(secondFactorApi.mine, {}), staleTime: 0 };

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [stored, setStored] = useState(false);
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t.fileName;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div>
      <Typography.Title level={5}>{t.recoveryTitle}</Typography.Title>
      <Alert type="warning" showIcon title={t.recoveryHint} style={{ marginBottom: 12 }} />
      <ol
        aria-label={t.recoveryTitle}
        style={{ columns: 2, fontFamily: 'monospace', fontSize: 16, margin: '0 0 12px', paddingLeft: 24 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text copyable={{ text, tooltips: [t.copy, t.copy] }}>{t.copy}</Typography.Text>
        <Button onClick={download}>{t.download}</Button>
      </Space>
      <div>
        <Checkbox checked={stored} onChange={(event) => setStored(event.target.checked)}>
          {t.stored}
        </Checkbox>
      </div>
      <Button type="primary" disabled={!stored} onClick={onDone} style={{ marginTop: 12 }}>
        {t.done}
      </Button>
    </div>
  );
}

/**
 * Enrolling the authenticator app (docs/second-factor.md#enrolment): the secret as a QR code and as text, a first code
 * that turns it on, then the ten recovery codes, shown this once.
 */
export function TotpEnrolment({ onDone }: { onDone: (user: CurrentUser | undefined) => void }) {
  const showError = useErrorToast();
  const [setup, setSetup] = useState<TotpSetup>();
  const [codes, setCodes] = useState<{ codes: string[]; user: CurrentUser }>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const start = useMutation({
    mutationFn: () => call(secondFactorApi.setupTotp, {}),
    meta: { errorToast: false },
    onSuccess: setSetup,
    onError: (failure) => showError(failure),
  });
  const confirm = useMutation({
    mutationFn: (value: string) => call(secondFactorApi.confirmTotp, { body: { code: value } }),
    meta: { errorToast: false },
    onSuccess: (reply) => setCodes({ codes: reply.recoveryCodes, user: reply.user }),
    onError: (failure) => {
      const message = fieldMessageOf(failure);
      if (message) setError(message);
      else showError(failure);
    },
  });

  if (codes) return <RecoveryCodes codes={codes.codes} onDone={() => onDone(codes.user)} />;
  if (!setup) {
    return (
      <Button type="primary" loading={start.isPending} onClick={() => start.mutate()}>
        {t.start}
      </Button>
    );
  }
  return (
    <Form
      layout="vertical"
      onFinish={() => {
        if (!/^\d{6}$/.test(code.trim())) {
          setError(t.codeRequired);
          return;
        }
        confirm.mutate(code.trim());
      }}
    >
      <Typography.Paragraph>{t.scan}</Typography.Paragraph>
      <Flex gap={16} wrap align="center" style={{ marginBottom: 16 }}>
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt={t.qrAlt}
          width={184}
          height={184}
          style={{ background: '#fff', borderRadius: 8 }}
        />
        <div style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">{t.secret}</Typography.Text>
          <br />
          <Typography.Text code copyable={{ text: setup.secret }} style={{ wordBreak: 'break-all' }}>
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </Typography.Text>
        </div>
      </Flex>
      <Typography.Paragraph>{t.enterCode}</Typography.Paragraph>
      <Form.Item
        label={t.code}
        validateStatus={error ? 'error' : undefined}
        help={error}
        htmlFor="totp-confirm-code"
        style={{ maxWidth: 240 }}
      >
        <Input
          id="totp-confirm-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={confirm.isPending}>
        {t.confirm}
      </Button>
    </Form>
  );
}

/** Registering a passkey (docs/second-factor.md#passkeys); the first second factor brings the recovery codes. */
export function PasskeyEnrolment({ onDone }: { onDone: (user: CurrentUser | undefined) => void }) {
  const showError = useErrorToast();
  const toast = useToast();
  const [name, setName] = useState<string>(t.passkeyNameDefault);
  const [pending, setPending] = useState(false);
  const [codes, setCodes] = useState<{ codes: string[]; user: CurrentUser }>();
  if (!passkeysSupported()) return <Typography.Text type="secondary">{t.passkeyUnsupported}</Typography.Text>;
  if (codes) return <RecoveryCodes codes={codes.codes} onDone={() => onDone(codes.user)} />;
  const register = async () => {
    setPending(true);
    try {
      const { optionsJson } = await call(secondFactorApi.passkeyRegisterOptions, {});
      const responseJson = await createPasskey(optionsJson);
      const reply = await call(secondFactorApi.registerPasskey, {
        body: { name: name.trim() || t.passkeyNameDefault, responseJson },
      });
      toast.success(t.passkeyAdded);
      if (reply.recoveryCodes.length > 0) setCodes({ codes: reply.recoveryCodes, user: reply.user });
      else onDone(reply.user);
    } catch (error) {
      if (passkeyCancelled(error)) return;
      const message = fieldMessageOf(error);
      if (message || !(error instanceof ApiError)) toast.error(message ?? t.passkeyFailed);
      else showError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Flex gap={8} wrap align="end">
      <div>
        <label htmlFor="passkey-name" style={{ display: 'block', paddingBottom: 4 }}>
          {t.passkeyName}
        </label>
        <Input
          id="passkey-name"
          value={name}
          maxLength={50}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <Button type="primary" loading={pending} onClick={() => void register()}>
        {t.passkeyAdd}
      </Button>
    </Flex>
  );
}

type GuardValues = { password: string; code?: string; recoveryCode?: string };

/** The password and a current code, asked before removing the app or drawing new recovery codes. */
function GuardDialog({
  title,
  open,
  onClose,
  submit,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  submit: (body: { password: string } & SecondFactorProof) => Promise<void>;
}) {
  const [form] = Form.useForm<GuardValues>();
  const [recovery, setRecovery] = useState(false);
  const [pending, setPending] = useState(false);
  const showError = useErrorToast();
  const finish = async (values: GuardValues) => {
    setPending(true);
    try {
      await submit({
        password: values.password,
        ...(recovery ? { recoveryCode: values.recoveryCode ?? '' } : { code: values.code ?? '' }),
      });
      form.resetFields();
    } catch (error) {
      const field = error instanceof ApiError ? error.details.find((d) => d.field)?.field : undefined;
      const message = fieldMessageOf(error);
      if (message) {
        const name = field === 'password' ? 'password' : recovery ? 'recoveryCode' : 'code';
        form.setFields([{ name, errors: [message] }]);
      } else showError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      okText={t.verify}
      cancelText={t.cancel}
      confirmLoading={pending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph>{t.guardHint}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => void finish(values)} requiredMark={false}>
        <Form.Item name="password" label={t.password} rules={[{ required: true, message: t.password }]}>
          <Input.Password autoComplete="current-password" maxLength={200} />
        </Form.Item>
        {recovery ? (
          <Form.Item
            name="recoveryCode"
            label={t.recoveryCode}
            rules={[{ required: true, message: t.recoveryCode }]}
          >
            <Input maxLength={11} autoComplete="off" />
          </Form.Item>
        ) : (
          <Form.Item name="code" label={t.code} rules={[{ required: true, message: t.codeRequired }]}>
            <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
          </Form.Item>
        )}
        <Button type="link" style={{ padding: 0 }} onClick={() => setRecovery(!recovery)}>
          {recovery ? t.appInstead : t.recoveryInstead}
        </Button>
      </Form>
    </Modal>
  );
}

/** 내 정보 › 2단계 인증: the state of one's own second factor, its enrolment, new recovery codes, removal. */
export function SecondFactorTab() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mine = useQuery(mySecondFactorQuery);
  const [guard, setGuard] = useState<'renew' | 'remove' | { passkey: Passkey }>();
  const [renewed, setRenewed] = useState<string[]>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(secondFactorApi.mine, {}) });

  if (!mine.data) return null;
  const state = mine.data;
  const anyFactor = state.totp !== null || state.passkeys.length > 0;
  if (renewed) {
    return (
      <RecoveryCodes
        codes={renewed}
        onDone={() => {
          setRenewed(undefined);
          void refresh();
        }}
      />
    );
  }
  return (
    <div style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      {state.required && !anyFactor && (
        <Alert type="warning" showIcon title={t.required} style={{ marginBottom: 16 }} />
      )}
      {state.totp ? (
        <>
          <Alert
            type="success"
            showIcon
            title={t.active(dayjs(state.totp.confirmedAt).format('YYYY-MM-DD'))}
            style={{ marginBottom: 16 }}
          />
          <Space wrap>
            <Button danger onClick={() => setGuard('remove')}>
              {t.remove}
            </Button>
          </Space>
        </>
      ) : (
        <TotpEnrolment
          onDone={() => {
            toast.success(t.enrolled);
            void refresh();
          }}
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t.passkeysTitle}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t.passkeysHint}</Typography.Paragraph>
      {state.passkeys.length > 0 && (
        <ul aria-label={t.passkeysTitle} style={{ listStyle: 'none', padding: 0, margin: '0 0 12px' }}>
          {state.passkeys.map((passkey) => (
            <li key={passkey.id} style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8 }}>
              <Typography.Text strong>{passkey.name}</Typography.Text>
              <Typography.Text type="secondary">
                {t.passkeyLastUsed(
                  passkey.lastUsedAt ? dayjs(passkey.lastUsedAt).format('YYYY-MM-DD HH:mm') : null,
                )}
              </Typography.Text>
              <Button size="small" danger onClick={() => setGuard({ passkey })}>
                {t.passkeyRemove}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <PasskeyEnrolment onDone={() => void refresh()} />
      {anyFactor && (
        <div style={{ marginTop: 24 }}>
          <Typography.Text type="secondary">{t.recoveryLeft(state.recoveryCodesLeft)}</Typography.Text>{' '}
          <Button size="small" onClick={() => setGuard('renew')}>
            {t.renew}
          </Button>
        </div>
      )}
      <GuardDialog
        title={
          typeof guard === 'object'
            ? t.passkeyRemoveTitle(guard.passkey.name)
            : guard === 'remove'
              ? t.guardTitleRemove
              : t.guardTitleRenew
        }
        open={guard !== undefined}
        onClose={() => setGuard(undefined)}
        submit={async (body) => {
          if (typeof guard === 'object') {
            await call(secondFactorApi.removePasskey, { params: { id: guard.passkey.id }, body });
            toast.success(t.passkeyRemoved);
          } else if (guard === 'remove') {
            await call(secondFactorApi.removeTotp, { body });
            toast.success(t.removed);
          } else {
            setRenewed((await call(secondFactorApi.newRecoveryCodes, { body })).recoveryCodes);
          }
          setGuard(undefined);
          await refresh();
        }}
      />
    </div>
  );
}
