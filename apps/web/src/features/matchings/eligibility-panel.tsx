import { CheckCircleFilled } from '@ant-design/icons';
import { recordMessages } from '@ilson/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Spin, Typography } from 'antd';
import { LegalBasisNote } from '../../components/legal-basis';
import { RecordLinks } from '../../components/linked-records';
import { koKit } from '../../locales/ko/kit';
import { koMatchings } from '../../locales/ko/matchings';
import type { Eligibility } from './api';

const t = koMatchings.eligibility;

export type EligibilityState = {
  /** Both picked and answered. */
  known: boolean;
  hard: Eligibility['issues'];
  warnings: Eligibility['issues'];
  /** Submitting may go ahead (warnings only with the override reason). */
  canSubmit: boolean;
};

export function eligibilityState(
  result: Pick<UseQueryResult<Eligibility>, 'data' | 'isFetching'>,
  picked: boolean,
  canOverride: boolean,
): EligibilityState {
  const issues = picked && !result.isFetching ? (result.data?.issues ?? null) : null;
  if (!issues) return { known: false, hard: [], warnings: [], canSubmit: false };
  const hard = issues.filter((issue) => issue.severity === 'hard');
  const warnings = issues.filter((issue) => issue.severity === 'warning');
  return {
    known: true,
    hard,
    warnings,
    canSubmit: hard.length === 0 && (warnings.length === 0 || canOverride),
  };
}

type EligibilityPanelProps = {
  picked: boolean;
  result: Pick<UseQueryResult<Eligibility>, 'data' | 'isFetching' | 'isError' | 'refetch'>;
  state: EligibilityState;
  canOverride: boolean;
};

/** Each issue's message, and under it the records it points at (the worker's contract elsewhere). */
function IssueList({ issues }: { issues: Eligibility['issues'] }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      {issues.map((issue) => (
        <li key={`${issue.code}-${issue.message}`}>
          {issue.message}
          {issue.basis && <LegalBasisNote basis={issue.basis} />}
          {issue.related && <RecordLinks records={issue.related} />}
        </li>
      ))}
    </ul>
  );
}

/** The pair's eligibility as soon as both are picked: green, the hard reasons in red, warnings in orange. */
export function EligibilityPanel({ picked, result, state, canOverride }: EligibilityPanelProps) {
  let body: React.ReactNode;
  if (!picked) {
    body = <Typography.Text type="secondary">{t.pickBoth}</Typography.Text>;
  } else if (result.isFetching) {
    body = <Spin description={t.checking} style={{ display: 'block', padding: 16 }} />;
  } else if (result.isError || !state.known) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t.failed}
        action={
          <Button size="small" onClick={() => void result.refetch()}>
            {koKit.common.retry}
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        {state.hard.length === 0 && state.warnings.length === 0 && (
          <Alert
            type="success"
            showIcon
            icon={<CheckCircleFilled />}
            title={t.ok}
            description={t.okBody}
            role="status"
          />
        )}
        {state.hard.length > 0 && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t.blocked}
            description={<IssueList issues={state.hard} />}
            style={{ marginBottom: 12 }}
          />
        )}
        {state.warnings.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t.warnings}
            description={<IssueList issues={state.warnings} />}
            style={{ marginBottom: 12 }}
          />
        )}
        {state.hard.length === 0 && state.warnings.length > 0 && canOverride && (
          <Form.Item
            name="overrideReason"
            label={koMatchings.fields.overrideReason}
            extra={t.overrideHelp}
            rules={[{ required: true, whitespace: true, message: t.overrideRequired }, { max: 500 }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount placeholder={t.overridePlaceholder} />
          </Form.Item>
        )}
        {state.hard.length === 0 && state.warnings.length > 0 && !canOverride && (
          <Typography.Text type="danger">{recordMessages.overrideNotPermitted}</Typography.Text>
        )}
      </>
    );
  }
  return (
    <Card size="small" title={t.title} style={{ marginBottom: 16 }}>
      <div aria-live="polite">{body}</div>
    </Card>
  );
}
