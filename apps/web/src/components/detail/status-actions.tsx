import { recordMessages, type Transition } from '@ilson/contracts';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { claimRefusal } from '../../api/errors';
import { koKit } from '../../locales/ko/kit';
import { type Refusal, RefusalAlert } from '../linked-records';

export type TransitionTone = 'primary' | 'danger' | 'default';

type StatusActionsProps<S extends string> = {
  /** Exactly the transitions the user may run from the current status (contracts' `allowedTransitions`). */
  transitions: readonly Transition<S>[];
  current: S;
  labels: Record<S, string>;
  tone?: (transition: Transition<S>) => TransitionTone;
  onRun(transition: Transition<S>, reason: string | undefined): Promise<unknown>;
};

const REASON_MAX = 500;

/**
 * A detail header's status buttons; each asks for confirmation, with a reason where the table needs one. A
 * refusal naming records (matchings under way) shows in the dialog with links; other errors are toasted.
 */
export function StatusActions<S extends string>({
  transitions,
  current,
  labels,
  tone,
  onRun,
}: StatusActionsProps<S>) {
  const [active, setActive] = useState<Transition<S> | null>(null);
  const [running, setRunning] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [form] = Form.useForm<{ reason?: string }>();
  const t = koKit.status;

  const open = (transition: Transition<S>) => {
    setRefusal(null);
    setActive(transition);
  };

  const close = () => {
    setActive(null);
    setRefusal(null);
    form.resetFields();
  };

  const handleOk = async () => {
    if (!active) return;
    // Invalid fields show their messages; nothing to send yet.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { reason } = values;
    setRunning(true);
    setRefusal(null);
    try {
      await onRun(active, reason?.trim() || undefined);
      close();
    } catch (caught) {
      // Anything else the mutation has toasted; the dialog stays for another try.
      setRefusal(claimRefusal(caught));
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      {transitions.map((transition) => {
        const kind = tone?.(transition) ?? (transition.reasonRequired ? 'danger' : 'default');
        return (
          <Button
            key={`${transition.action}-${transition.to}`}
            type={kind === 'primary' ? 'primary' : 'default'}
            danger={kind === 'danger'}
            onClick={() => open(transition)}
          >
            {transition.label}
          </Button>
        );
      })}
      <Modal
        open={active !== null}
        title={active ? t.changeTitle(active.label) : ''}
        okText={active?.label ?? t.run}
        okButtonProps={{
          danger: active
            ? (tone?.(active) ?? (active.reasonRequired ? 'danger' : 'default')) === 'danger'
            : false,
        }}
        cancelText={koKit.common.cancel}
        confirmLoading={running}
        onOk={handleOk}
        onCancel={close}
        destroyOnHidden
      >
        {active && (
          <>
            <Typography.Paragraph>{t.changeFlow(labels[current], labels[active.to])}</Typography.Paragraph>
            {refusal && <RefusalAlert refusal={refusal} />}
            <Form form={form} layout="vertical" requiredMark={active.reasonRequired}>
              <Form.Item
                name="reason"
                label={active.reasonRequired ? t.reason : t.reasonOptional}
                rules={[
                  {
                    required: active.reasonRequired,
                    whitespace: true,
                    message: recordMessages.reasonRequired,
                  },
                  { max: REASON_MAX },
                ]}
              >
                <Input.TextArea rows={3} maxLength={REASON_MAX} showCount placeholder={t.reasonPlaceholder} />
              </Form.Item>
            </Form>
          </>
        )}
      </Modal>
    </>
  );
}
