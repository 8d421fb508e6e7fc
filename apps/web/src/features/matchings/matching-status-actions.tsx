import {
  allowedTransitions,
  MATCHING_STATUS_LABELS,
  MATCHING_TRANSITIONS,
  type MatchingStatus,
  recordMessages,
  type Transition,
} from '@ilson/contracts';
import { Alert, Button, DatePicker, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { type ApiErrorDetail, classifyError } from '../../api/errors';
import { useCan } from '../../auth/permissions';
import { applyServerErrors } from '../../components/form/field-errors';
import { DetailList, refusalOf } from '../../components/linked-records';
import { useErrorToast, useToast } from '../../components/toast';
import { parseDate, toDateString, todayInSeoul } from '../../lib/datetime';
import { koKit } from '../../locales/ko/kit';
import { koMatchings } from '../../locales/ko/matchings';
import { type MatchingDetail, type MatchingStatusBody, useChangeMatchingStatus } from './api';

const t = koMatchings;
const f = t.fields;
const REASON_MAX = 500;

type StepValues = {
  interviewAt?: Dayjs | null;
  contractDate?: Dayjs | null;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  reason?: string;
  overrideReason?: string;
};

/** The dates a step asks for (docs/DOMAIN.md flow): which, and whether the step cannot go without them. */
const STEP_FIELDS: Partial<Record<MatchingStatus, { name: keyof StepValues; required: boolean }[]>> = {
  interview: [{ name: 'interviewAt', required: true }],
  contracted: [
    { name: 'contractDate', required: true },
    { name: 'startDate', required: true },
  ],
  working: [{ name: 'startDate', required: false }],
  completed: [{ name: 'endDate', required: true }],
  terminated: [{ name: 'endDate', required: true }],
};

const FIELD_NAMES = ['interviewAt', 'contractDate', 'startDate', 'endDate', 'reason', 'overrideReason'];

function initialValues(to: MatchingStatus, m: MatchingDetail): StepValues {
  const today = todayInSeoul();
  switch (to) {
    case 'interview':
      return { interviewAt: m.interviewAt ? dayjs(m.interviewAt) : null };
    case 'contracted':
      return { contractDate: parseDate(m.contractDate ?? today), startDate: parseDate(m.startDate) };
    case 'working':
      return { startDate: parseDate(m.startDate && m.startDate <= today ? m.startDate : today) };
    case 'completed':
    case 'terminated':
      return { endDate: parseDate(m.endDate ?? today) };
    default:
      return {};
  }
}

function toBody(to: MatchingStatus, values: StepValues, version: number): MatchingStatusBody {
  const date = (value: Dayjs | null | undefined) => toDateString(value) ?? undefined;
  return {
    status: to,
    version,
    reason: values.reason?.trim() || undefined,
    interviewAt: values.interviewAt?.isValid() ? values.interviewAt.toISOString() : undefined,
    contractDate: date(values.contractDate),
    startDate: date(values.startDate),
    endDate: date(values.endDate),
    overrideReason: values.overrideReason?.trim() || undefined,
  };
}

/** Ending the matching is red; a step forward is not, even one that needs a reason (면접 생략 후 합격). */
const ENDING: readonly MatchingStatus[] = ['cancelled', 'terminated'];

function tone(transition: Transition<MatchingStatus>, index: number) {
  if (ENDING.includes(transition.to)) return { danger: true } as const;
  return index === 0 ? ({ type: 'primary' } as const) : ({} as const);
}

/** What the dialog says under the flow line: by action first (two actions reach `accepted`), then by status. */
function stepHint(transition: Transition<MatchingStatus>): string | undefined {
  if (transition.action === 'accept_without_interview') return t.skipInterview.hint;
  return t.step[transition.to as keyof typeof t.step];
}

/**
 * What the server answered that the dialog shows: hard issues (`blocks`: cannot go on as is), warnings an
 * override reason may pass, or another refusal naming records; each detail listed, records as links.
 */
type Problem = {
  type: 'error' | 'warning';
  title: string;
  details: readonly ApiErrorDetail[];
  blocks: boolean;
};

const DATE_LABELS = {
  interviewAt: f.interviewAt,
  contractDate: f.contractDate,
  startDate: f.startDate,
  endDate: f.endDate,
} as const;

/**
 * The matching's next steps, exactly as MATCHING_TRANSITIONS allows from its status; each opens a dialog asking
 * for what the step needs (the interview's time, the contract and start dates, the end date, a reason).
 */
export function MatchingStatusActions({ matching }: { matching: MatchingDetail }) {
  const can = useCan();
  const toast = useToast();
  const showError = useErrorToast();
  const change = useChangeMatchingStatus(matching.id);
  const [active, setActive] = useState<Transition<MatchingStatus> | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [form] = Form.useForm<StepValues>();
  const transitions = allowedTransitions(MATCHING_TRANSITIONS, matching.status, can);
  const canOverride = can('matchings:override');

  const open = (transition: Transition<MatchingStatus>) => {
    setProblem(null);
    setActive(transition);
  };
  const close = () => {
    setActive(null);
    // The form instance outlives the dialog: a step's reason must not carry over to the next one.
    form.resetFields();
  };

  const handleOk = async () => {
    if (!active) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await change.mutateAsync(toBody(active.to, values, matching.version));
      toast.success(koKit.common.statusChanged(active.label));
      close();
    } catch (caught) {
      const error = classifyError(caught);
      const details: readonly ApiErrorDetail[] =
        error.details.length > 0 ? error.details : [{ message: error.message }];
      if (error.serverCode === 'ELIGIBILITY_WARNING') {
        setProblem({ type: 'warning', title: t.eligibility.warnings, details, blocks: false });
        return;
      }
      if (error.serverCode === 'VISA_NOT_ELIGIBLE') {
        setProblem({ type: 'error', title: t.eligibility.blocked, details, blocks: true });
        return;
      }
      const applied = applyServerErrors(form, error.details, FIELD_NAMES);
      const refused = refusalOf(error.message, applied);
      if (refused) {
        // E.g. the worker is contracted elsewhere, or a date would break another matching: the dialog stays.
        setProblem({ type: 'error', title: refused.message, details: refused.details, blocks: false });
        return;
      }
      if (!applied.mapped) showError(error);
    }
  };

  const fields = active ? (STEP_FIELDS[active.to] ?? []) : [];
  const needsOverride = problem?.type === 'warning';
  const hint = active ? stepHint(active) : undefined;

  return (
    <>
      {transitions.map((transition, index) => (
        <Button
          key={`${transition.action}-${transition.to}`}
          {...tone(transition, index)}
          onClick={() => open(transition)}
        >
          {transition.label}
        </Button>
      ))}
      <Modal
        open={active !== null}
        title={active?.label}
        okText={active?.to === 'cancelled' ? t.cancelMatching : active?.label}
        okButtonProps={{
          danger: active ? ENDING.includes(active.to) : false,
          disabled: problem?.blocks || (needsOverride && !canOverride),
        }}
        cancelText={t.close}
        confirmLoading={change.isPending}
        onOk={handleOk}
        onCancel={close}
        destroyOnHidden
      >
        {active && (
          <>
            <Typography.Paragraph>
              {koKit.status.changeFlow(
                MATCHING_STATUS_LABELS[matching.status],
                MATCHING_STATUS_LABELS[active.to],
              )}
              {hint && (
                <>
                  <br />
                  <Typography.Text type="secondary">{hint}</Typography.Text>
                </>
              )}
            </Typography.Paragraph>
            {problem && (
              <Alert
                type={problem.type}
                showIcon
                role={problem.type === 'error' ? 'alert' : undefined}
                title={problem.title}
                description={
                  <>
                    <DetailList details={problem.details} title={problem.title} />
                    {needsOverride && !canOverride && <div>{recordMessages.overrideNotPermitted}</div>}
                  </>
                }
                style={{ marginBottom: 16 }}
              />
            )}
          </>
        )}
        <Form
          key={active?.to}
          form={form}
          layout="vertical"
          initialValues={active ? initialValues(active.to, matching) : undefined}
        >
          {fields.map(({ name, required }) => (
            <Form.Item
              key={name}
              name={name}
              label={DATE_LABELS[name as keyof typeof DATE_LABELS]}
              rules={
                required
                  ? [
                      {
                        required: true,
                        message: name === 'interviewAt' ? t.interviewRequired : t.dateRequired,
                      },
                    ]
                  : []
              }
            >
              {name === 'interviewAt' ? (
                <DatePicker
                  showTime={{ format: 'HH:mm', minuteStep: 10 }}
                  format="YYYY-MM-DD HH:mm"
                  needConfirm={false}
                  placeholder={koKit.form.dateTimePlaceholder}
                  style={{ width: '100%' }}
                />
              ) : (
                <DatePicker style={{ width: '100%' }} placeholder={koKit.form.datePlaceholder} />
              )}
            </Form.Item>
          ))}
          {active && (
            <Form.Item
              name="reason"
              label={active.reasonRequired ? koKit.status.reason : koKit.status.reasonOptional}
              rules={[
                { required: active.reasonRequired, whitespace: true, message: recordMessages.reasonRequired },
                { max: REASON_MAX },
              ]}
            >
              <Input.TextArea
                rows={3}
                maxLength={REASON_MAX}
                showCount
                placeholder={
                  active.action === 'accept_without_interview'
                    ? t.skipInterview.reasonPlaceholder
                    : koKit.status.reasonPlaceholder
                }
              />
            </Form.Item>
          )}
          {needsOverride && canOverride && (
            <Form.Item
              name="overrideReason"
              label={f.overrideReason}
              extra={t.eligibility.overrideHelp}
              rules={[
                { required: true, whitespace: true, message: t.eligibility.overrideRequired },
                { max: REASON_MAX },
              ]}
            >
              <Input.TextArea
                rows={2}
                maxLength={REASON_MAX}
                placeholder={t.eligibility.overridePlaceholder}
              />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
