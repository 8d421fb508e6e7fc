import { secondFactorApi } from '@ilson/contracts';
import { Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../api/endpoint';
import { fieldMessageOf } from '../../api/errors';
import { setStepUpPrompt } from '../../api/session-expiry';
import { answerPasskey, passkeyCancelled, passkeysSupported } from '../../auth/passkey';
import { useErrorToast } from '../../components/toast';
import { koSecondFactor } from '../../locales/ko/second-factor';

const t = koSecondFactor;

/**
 * The step-up (docs/second-factor.md#step-up): when the server asks for a fresh second factor before revealing an
 * identifier, an unmasked export or a role change, this asks for a code; the request then goes again by itself.
 */
export function StepUpDialog() {
  const [open, setOpen] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const settle = useRef<((ok: boolean) => void) | null>(null);
  const showError = useErrorToast();

  useEffect(
    () =>
      setStepUpPrompt(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current?.(false);
            settle.current = resolve;
            setValue('');
            setError(undefined);
            setRecovery(false);
            setOpen(true);
          }),
      ),
    [],
  );

  const close = (ok: boolean) => {
    setOpen(false);
    settle.current?.(ok);
    settle.current = null;
  };

  const submit = async () => {
    const text = value.trim();
    if (!recovery && !/^\d{6}$/.test(text)) {
      setError(t.codeRequired);
      return;
    }
    setPending(true);
    try {
      await call(secondFactorApi.stepUp, { body: recovery ? { recoveryCode: text } : { code: text } });
      close(true);
    } catch (failure) {
      const message = fieldMessageOf(failure);
      if (message) setError(message);
      else {
        close(false);
        showError(failure);
      }
    } finally {
      setPending(false);
    }
  };

  const withPasskey = async () => {
    setPending(true);
    setError(undefined);
    try {
      const { optionsJson } = await call(secondFactorApi.passkeyStepUpOptions, {});
      const passkeyJson = await answerPasskey(optionsJson);
      await call(secondFactorApi.stepUp, { body: { passkeyJson } });
      close(true);
    } catch (failure) {
      if (passkeyCancelled(failure)) return;
      setError(fieldMessageOf(failure) ?? (failure instanceof Error ? failure.message : String(failure)));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      title={t.stepUpTitle}
      open={open}
      onCancel={() => close(false)}
      onOk={() => void submit()}
      okText={t.verify}
      cancelText={t.cancel}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Typography.Paragraph>{t.stepUpHintPlain}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label={recovery ? t.recoveryCode : t.code}
          htmlFor="step-up-code"
          validateStatus={error ? 'error' : undefined}
          help={error}
        >
          <Input
            id="step-up-code"
            autoFocus
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={recovery ? 11 : 6}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
            }}
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Button type="link" style={{ padding: 0 }} onClick={() => setRecovery(!recovery)}>
            {recovery ? t.appInstead : t.recoveryInstead}
          </Button>
          {passkeysSupported() && (
            <Button type="link" style={{ padding: 0 }} disabled={pending} onClick={() => void withPasskey()}>
              {t.usePasskey}
            </Button>
          )}
        </Flex>
      </Form>
    </Modal>
  );
}
