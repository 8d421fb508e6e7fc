import { EditOutlined } from '@ant-design/icons';
import {
  INDUSTRY_LABELS,
  MATCHING_SOURCE_LABELS,
  type MatchingStatus,
  nationalityLabel,
  resumeCode,
  VISA_TYPE_LABELS,
} from '@ilson/contracts';
import { Alert, Button, Card, Col, Row, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../auth/permissions';
import { HistoryTab } from '../../components/detail/history-tab';
import { InfoSection } from '../../components/detail/info-section';
import { parseId, RecordProblem, RecordState } from '../../components/detail/record-state';
import { useTabParam } from '../../components/detail/use-tab-param';
import { PageHeader } from '../../layout/page-header';
import { formatDateTime } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { koMatchings } from '../../locales/ko/matchings';
import { type MatchingDetail, useMatching, useMatchingHistory } from './api';
import { agreedPay, MatchingStatusTag } from './columns';
import { MatchingStatusActions } from './matching-status-actions';
import { MatchingSteps, MatchingTimeline } from './matching-timeline';
import { TermsModal } from './terms-modal';

const LIST_PATH = screenHref('matching-list');
const TABS = ['info', 'history'] as const;
const TERMINAL: readonly MatchingStatus[] = ['completed', 'cancelled', 'terminated'];
const t = koMatchings;
const f = t.fields;
const none = koKit.common.none;
const won = (amount: number | null) => (amount === null ? none : koKit.common.won(amount));

function MatchingInfo({ matching: m }: { matching: MatchingDetail }) {
  return (
    <>
      <InfoSection
        title={t.sections.parties}
        items={[
          {
            key: 'worker',
            label: f.worker,
            children: (
              <>
                <Link to={screenHref('worker-detail', { id: m.workerId })}>{m.workerName}</Link>
                {` · ${nationalityLabel(m.workerNationality)}`}
                {m.workerVisaType && ` · ${VISA_TYPE_LABELS[m.workerVisaType]}`}
              </>
            ),
          },
          {
            key: 'employer',
            label: f.employer,
            children: <Link to={screenHref('employer-detail', { id: m.employerId })}>{m.employerName}</Link>,
          },
          {
            key: 'jobPost',
            label: f.jobPost,
            children: <Link to={screenHref('job-post-detail', { id: m.jobPostId })}>{m.jobPostTitle}</Link>,
          },
          { key: 'industry', label: f.industry, children: INDUSTRY_LABELS[m.industry] },
          {
            key: 'resume',
            label: f.resumeId,
            children: m.resumeId ? (
              <Link to={screenHref('resume-detail', { id: m.resumeId })}>{resumeCode(m.resumeId)}</Link>
            ) : (
              none
            ),
          },
          { key: 'source', label: f.source, children: MATCHING_SOURCE_LABELS[m.source] },
          { key: 'manager', label: f.manager, children: m.managerName ?? none },
          { key: 'branch', label: f.branchId, children: m.branchName ?? none },
        ]}
      />
      <InfoSection
        title={t.sections.terms}
        items={[
          {
            key: 'interviewAt',
            label: f.interviewAt,
            children: m.interviewAt ? formatDateTime(m.interviewAt) : none,
          },
          { key: 'contractDate', label: f.contractDate, children: m.contractDate ?? none },
          { key: 'startDate', label: f.startDate, children: m.startDate ?? none },
          { key: 'endDate', label: f.endDate, children: m.endDate ?? none },
          { key: 'pay', label: f.agreedSalary, children: agreedPay(m) },
          { key: 'fee', label: f.feeAmount, children: won(m.feeAmount) },
          {
            key: 'memo',
            label: f.memo,
            span: 'filled',
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{m.memo || none}</span>,
          },
          ...(m.overrideReason
            ? [
                {
                  key: 'override',
                  label: f.overrideReason,
                  span: 'filled' as const,
                  children: m.overrideReason,
                },
              ]
            : []),
          { key: 'createdAt', label: koKit.detail.createdAt, children: formatDateTime(m.createdAt) },
          { key: 'updatedAt', label: koKit.detail.updatedAt, children: formatDateTime(m.updatedAt) },
        ]}
      />
    </>
  );
}

function MatchingView({ matching }: { matching: MatchingDetail }) {
  const can = useCan();
  const [tab, setTab] = useTabParam(TABS, 'info');
  const [editing, setEditing] = useState(false);
  const history = useMatchingHistory(matching.id, tab === 'history');
  const stopped = matching.status === 'cancelled' || matching.status === 'terminated';

  return (
    <>
      <PageHeader
        title={`${matching.workerName} · ${matching.employerName}`}
        tags={<MatchingStatusTag status={matching.status} />}
        extra={
          <>
            {can('matchings:write') && !TERMINAL.includes(matching.status) && (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t.editTerms}
              </Button>
            )}
            <MatchingStatusActions matching={matching} />
          </>
        }
      />
      {stopped && matching.cancelReason && (
        <Alert
          type="warning"
          showIcon
          title={`${f.cancelReason}: ${matching.cancelReason}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Card
        size="small"
        style={{ marginBottom: 16 }}
        classNames={{ body: 'scroll-region' }}
        styles={{ body: { padding: '16px 24px', overflowX: 'auto' } }}
      >
        <MatchingSteps matching={matching} />
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'info',
              label: koKit.detail.basicTab,
              children: (
                <Row gutter={[24, 24]}>
                  <Col xs={24} xl={15}>
                    <MatchingInfo matching={matching} />
                  </Col>
                  <Col xs={24} xl={9}>
                    <Card size="small" title={t.sections.timeline}>
                      <MatchingTimeline matching={matching} />
                    </Card>
                  </Col>
                </Row>
              ),
            },
            {
              key: 'history',
              label: koKit.detail.historyTab,
              children: <HistoryTab result={history} fieldLabels={f} />,
            },
          ]}
        />
      </Card>
      <TermsModal matching={matching} open={editing} onClose={() => setEditing(false)} />
    </>
  );
}

export default function MatchingDetailPage() {
  const id = parseId(useParams().id);
  const result = useMatching(id);
  if (id === null) return <RecordProblem error={null} listPath={LIST_PATH} />;
  return (
    <RecordState result={result} listPath={LIST_PATH}>
      {(matching) => <MatchingView matching={matching} />}
    </RecordState>
  );
}
