import {
  allowedTransitions,
  PAYOUT_STATUS_LABELS,
  PAYOUT_TRANSITIONS,
  type Payout,
  type PayoutStatus,
  recordMessages,
  type Transition,
} from '@ilson/contracts';
import { Alert, Button, DatePicker, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { classifyError } from '../../api/errors';
import { useCan } from '../../auth/permissions';
import { useSession } from '../../auth/session-context';
import { useErrorToast } from '../../components/toast';
import { useUndoToast } from '../../components/undo-toast';
import { koKit } from '../../locales/ko/kit';
import { koPayouts } from '../../locales/ko/payouts';
import { useChangePayoutStatus } from './api';

const t = koPayouts;
const REASON_MAX = 500;

type StepValues = { paidAt?: Dayjs | null; reason?: string };

function tone(transition: Transition<PayoutStatus>) {
  if (transition.reasonRequired) return { danger: true } as const;
  return transition.to === 'approved' || transition.to === 'paid' ? ({ type: 'primary' } as const) : {};
}

/**
 * The payout's next steps from PAYOUT_TRANSITIONS: 지급 완료 asks when the money left (now by default),
 * cancelling and failing ask why.
 */
export function PayoutStatusActions({ payout }: { payout: Payout }) {
  const can = useCan();
  const undoToast = useUndoToast();
  const showError = useErrorToast();
  const change = useChangePayoutStatus(payout.id);
  const [active, setActive] = useState<Transition<PayoutStatus> | null>(null);
  const [form] = Form.useForm<StepValues>();
  const { user } = useSession();
  // Maker–checker: the maker may not approve; a super_admin may, with a reason on record.
  const ownPayout = user !== null && payout.lastEditedBy === user.id;
  const overridesOwn = ownPayout && user?.role === 'super_admin';
  const blocked = (transition: Transition<PayoutStatus>) =>
    transition.to === 'approved' && ownPayout && !overridesOwn;
  const needsReason = (transition: Transition<PayoutStatus>) =>
    transition.reasonRequired || (transition.to === 'approved' && overridesOwn);
  const transitions = allowedTransitions(PAYOUT_TRANSITIONS, payout.status, can);

  const handleOk = async () => {
    if (!active) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const saved = await change.mutateAsync({
        status: active.to,
        version: payout.version,
        reason: values.reason?.trim() || undefined,
        paidAt: active.to === 'paid' && values.paidAt?.isValid() ? values.paidAt.toISOString() : undefined,
      });
      undoToast(koKit.common.statusChanged(active.label), {
        targetType: 'payout',
        targetId: payout.id,
        version: saved.version,
      });
      setActive(null);
    } catch (caught) {
      const error = classifyError(caught);
      const onFields = error.details.filter((d) => d.field === 'paidAt' || d.field === 'reason');
      if (onFields.length > 0) {
        form.setFields(onFields.map((d) => ({ name: d.field as keyof StepValues, errors: [d.message] })));
        return;
      }
      showError(error);
    }
  };

  return (
    <>
      {transitions.map((transition) => (
        <Button
          key={`${transition.action}-${transition.to}`}
          {...tone(transition)}
          disabled={blocked(transition)}
          title={blocked(transition) ? t.ownPayout : undefined}
          onClick={() => setActive(transition)}
        >
          {transition.label}
        </Button>
      ))}
      <Modal
        open={active !== null}
        title={active?.label}
        okText={active?.label}
        okButtonProps={{ danger: active?.reasonRequired }}
        cancelText={koKit.common.cancel}
        confirmLoading={change.isPending}
        onOk={handleOk}
        onCancel={() => setActive(null)}
        destroyOnHidden
      >
        {active?.to === 'approved' && overridesOwn && (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t.ownPayoutOverride} />
        )}
        {active && (
          <Typography.Paragraph>
            {koKit.status.changeFlow(PAYOUT_STATUS_LABELS[payout.status], PAYOUT_STATUS_LABELS[active.to])}
          </Typography.Paragraph>
        )}
        <Form key={active?.action} form={form} layout="vertical" initialValues={{ paidAt: dayjs() }}>
          {active?.to === 'paid' && (
            <Form.Item
              name="paidAt"
              label={t.paidAtLabel}
              extra={t.paidAtHelp}
              rules={[
                {
                  validator: async (_rule, value: Dayjs | null | undefined) => {
                    if (value?.isValid() && value.isAfter(dayjs().add(5, 'minute'))) {
                      throw new Error(recordMessages.paidAtInFuture);
                    }
                  },
                },
              ]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm', minuteStep: 5 }}
                format="YYYY-MM-DD HH:mm"
                needConfirm={false}
                placeholder={koKit.form.dateTimePlaceholder}
                disabledDate={(day) => day.isAfter(dayjs(), 'day')}
                style={{ width: '100%' }}
              />
            </Form.Item>
          )}
          {active && (
            <Form.Item
              name="reason"
              label={needsReason(active) ? koKit.status.reason : koKit.status.reasonOptional}
              rules={[
                { required: needsReason(active), whitespace: true, message: recordMessages.reasonRequired },
                { max: REASON_MAX },
              ]}
            >
              <Input.TextArea
                rows={3}
                maxLength={REASON_MAX}
                showCount
                placeholder={koKit.status.reasonPlaceholder}
              />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
