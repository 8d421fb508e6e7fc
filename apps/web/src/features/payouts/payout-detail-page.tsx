import { EditOutlined } from '@ant-design/icons';
import { PAYOUT_METHOD_LABELS, PAYOUT_TYPE_LABELS, type Payout, type PayoutStatus } from '@ilson/contracts';
import { Alert, Button, Card, Col, Row, Statistic, Tabs, theme } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../auth/permissions';
import { HistoryTab } from '../../components/detail/history-tab';
import { InfoSection } from '../../components/detail/info-section';
import { parseId, RecordProblem, RecordState } from '../../components/detail/record-state';
import { useTabParam } from '../../components/detail/use-tab-param';
import { PageHeader } from '../../layout/page-header';
import { formatDateTime } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { koPayouts } from '../../locales/ko/payouts';
import { AccountValue } from './account-value';
import { isLocked, usePayout, usePayoutHistory } from './api';
import { PayoutStatusTag, PayoutTypeTag } from './columns';
import { FeeRulePanel, LegalBasisRecorded } from './fee-rule';
import { PayoutStatusActions } from './payout-status-actions';

const LIST_PATH = screenHref('payout-list');
const TABS = ['info', 'history'] as const;
const t = koPayouts;
const f = t.fields;
const none = koKit.common.none;

function Amounts({ payout }: { payout: Payout }) {
  const { token } = theme.useToken();
  const won = (value: number | string) => Number(value).toLocaleString('ko-KR');
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} md={8}>
        <Card size="small">
          <Statistic title={f.amount} value={payout.amount} formatter={won} prefix="₩" />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card size="small">
          <Statistic title={f.vat} value={payout.vat} formatter={won} prefix="₩" />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card size="small">
          <Statistic
            title={f.total}
            value={payout.total}
            formatter={won}
            prefix="₩"
            styles={{ content: { fontWeight: 600, color: token.colorLink } }}
          />
        </Card>
      </Col>
    </Row>
  );
}

function PayoutInfo({ payout }: { payout: Payout }) {
  return (
    <>
      <InfoSection
        title={t.sections.parties}
        items={[
          { key: 'type', label: f.type, children: PAYOUT_TYPE_LABELS[payout.type] },
          {
            key: 'employer',
            label: f.employer,
            children: (
              <Link to={screenHref('employer-detail', { id: payout.employerId })}>{payout.employerName}</Link>
            ),
          },
          {
            key: 'worker',
            label: f.worker,
            children:
              payout.workerId !== null ? (
                <Link to={screenHref('worker-detail', { id: payout.workerId })}>
                  {payout.workerName ?? `#${payout.workerId}`}
                </Link>
              ) : (
                none
              ),
          },
          {
            key: 'matching',
            label: f.matchingId,
            children:
              payout.matchingId !== null ? (
                <Link to={screenHref('matching-detail', { id: payout.matchingId })}>
                  #{payout.matchingId}
                </Link>
              ) : (
                none
              ),
          },
        ]}
      />
      <InfoSection
        title={t.sections.account}
        items={[
          { key: 'method', label: f.method, children: PAYOUT_METHOD_LABELS[payout.method] },
          { key: 'bank', label: f.bankName, children: payout.bankName || none },
          {
            key: 'accountNo',
            label: f.accountNo,
            children: <AccountValue payoutId={payout.id} masked={payout.accountNo} />,
          },
          { key: 'holder', label: f.accountHolder, children: payout.accountHolder || none },
        ]}
      />
      <InfoSection
        title={t.sections.schedule}
        items={[
          { key: 'scheduled', label: f.scheduledDate, children: payout.scheduledDate ?? none },
          { key: 'paidAt', label: f.paidAt, children: payout.paidAt ? formatDateTime(payout.paidAt) : none },
          {
            key: 'memo',
            label: f.memo,
            span: 'filled',
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{payout.memo || none}</span>,
          },
          { key: 'lastEditor', label: f.lastEditor, children: payout.lastEditorName ?? none },
          ...(payout.legalBasisNote
            ? [
                {
                  key: 'legalBasis',
                  label: f.legalBasisNote,
                  span: 'filled' as const,
                  children: <LegalBasisRecorded payout={payout} />,
                },
              ]
            : []),
          { key: 'createdAt', label: f.createdAt, children: formatDateTime(payout.createdAt) },
          { key: 'updatedAt', label: f.updatedAt, children: formatDateTime(payout.updatedAt) },
        ]}
      />
    </>
  );
}

function PayoutView({ payout }: { payout: Payout }) {
  const can = useCan();
  const navigate = useNavigate();
  const [tab, setTab] = useTabParam(TABS, 'info');
  const history = usePayoutHistory(payout.id, tab === 'history');
  const reasonLabel = (t.reasonBanner as Partial<Record<PayoutStatus, string>>)[payout.status];

  return (
    <>
      <PageHeader
        title={t.title(payout.id)}
        tags={
          <>
            <PayoutTypeTag type={payout.type} />
            <PayoutStatusTag status={payout.status} />
          </>
        }
        extra={
          <>
            {can('payouts:write') && !isLocked(payout) && (
              <Button
                icon={<EditOutlined />}
                onClick={() => navigate(screenHref('payout-edit', { id: payout.id }))}
              >
                {koKit.common.edit}
              </Button>
            )}
            <PayoutStatusActions payout={payout} />
          </>
        }
      />
      {reasonLabel && payout.statusReason && (
        <Alert
          type="warning"
          showIcon
          title={`${reasonLabel}: ${payout.statusReason}`}
          style={{ marginBottom: 16 }}
        />
      )}
      {!isLocked(payout) && (
        <FeeRulePanel
          target={{
            type: payout.type,
            matchingId: payout.matchingId,
            workerId: payout.workerId,
            amount: payout.amount,
          }}
          legalBasisNote={payout.legalBasisNote}
        />
      )}
      <Amounts payout={payout} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'info', label: koKit.detail.basicTab, children: <PayoutInfo payout={payout} /> },
            {
              key: 'history',
              label: koKit.detail.historyTab,
              children: <HistoryTab result={history} fieldLabels={f} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

export default function PayoutDetailPage() {
  const id = parseId(useParams().id);
  const result = usePayout(id);
  if (id === null) return <RecordProblem error={null} listPath={LIST_PATH} />;
  return (
    <RecordState result={result} listPath={LIST_PATH}>
      {(payout) => <PayoutView payout={payout} />}
    </RecordState>
  );
}
