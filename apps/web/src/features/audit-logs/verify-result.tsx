import type { AuditChainProblem, AuditChainProblemRow, AuditVerifyResult } from '@ilson/contracts';
import { Alert, Button, Flex, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { koAudit } from '../../locales/ko/audit-logs';
import { formatLogTime } from './columns';

const t = koAudit.verify;

type VerifyResultProps = {
  running: boolean;
  result: AuditVerifyResult | undefined;
  onOpen(id: number): void;
  /** Shows the list of the rows the check walked (`to_id`): its total is the check's count. */
  onShowRange(lastId: number): void;
  onClose(): void;
};

const PROBLEM_COLORS: Record<AuditChainProblem, string> = {
  content: 'red',
  link: 'volcano',
  downgrade: 'magenta',
  checkpoint: 'orange',
  truncated: 'purple',
};

/** A row named by a `truncated` problem is gone: there is nothing to open. */
const canOpen = (problem: AuditChainProblemRow) => problem.problem !== 'truncated';

/**
 * Up to which row the check went (docs/access-log.md#what-verification-reports): rows written since are not in its
 * count, so the list shows the same range on request and its total matches.
 */
function CheckedRange({
  result,
  onShowRange,
}: {
  result: AuditVerifyResult;
  onShowRange(lastId: number): void;
}) {
  if (result.lastId === 0) return null;
  return (
    <Flex gap={8} align="center" wrap>
      <span>{t.range(result.lastId, result.lastAt ? formatLogTime(result.lastAt) : '')}</span>
      <Button size="small" onClick={() => onShowRange(result.lastId)}>
        {t.showRange}
      </Button>
    </Flex>
  );
}

/** Above the list while it shows a check's range: which one, and a way back to the whole log. */
export function CheckedRangeTag({ lastId, onClear }: { lastId: number; onClear(): void }) {
  return (
    <Tag
      color="blue"
      closable={{ 'aria-label': t.clearRange }}
      onClose={(event) => {
        event.preventDefault();
        onClear();
      }}
      style={{ marginBottom: 12 }}
    >
      {t.rangeFilter(lastId)}
    </Tag>
  );
}

function LegacyNote({ result }: { result: AuditVerifyResult }) {
  const start = result.keyedStart;
  if (!start || result.legacyRows === 0) return null;
  return (
    <Typography.Text type="secondary">
      {t.legacy(start.lastId, result.legacyRows)}
      {!start.legacyOk && ` ${t.legacyAtUpgrade(start.legacyProblems)}`}
    </Typography.Text>
  );
}

function ProblemList({ result, onOpen }: { result: AuditVerifyResult; onOpen(id: number): void }) {
  const columns: ColumnsType<AuditChainProblemRow> = [
    {
      title: t.columns.id,
      dataIndex: 'id',
      width: 110,
      render: (id: number, row) =>
        canOpen(row) ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(id)}>
            #{id}
          </Button>
        ) : (
          `#${id}`
        ),
    },
    {
      title: t.columns.createdAt,
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string | null) => (value ? formatLogTime(value) : ''),
    },
    {
      title: t.columns.problem,
      dataIndex: 'problem',
      render: (problem: AuditChainProblem, row) => (
        <Flex gap={4} wrap align="center">
          <Tag color={PROBLEM_COLORS[problem]}>{t.problemLabels[problem]}</Tag>
          {row.checkpointId !== null && (
            <Typography.Text type="secondary">{t.viaCheckpoint(row.checkpointId)}</Typography.Text>
          )}
        </Flex>
      ),
    },
  ];
  const kinds = [...new Set(result.problems.map((p) => p.problem))];
  return (
    <>
      <Table<AuditChainProblemRow>
        aria-label={t.listLabel}
        size="small"
        pagination={false}
        // Its columns' widths at least: on a phone the list scrolls inside the alert, not the page.
        scroll={{ x: 420, y: 240 }}
        rowKey={(row) => `${row.id}-${row.problem}-${row.checkpointId ?? ''}`}
        dataSource={result.problems}
        columns={columns}
      />
      {result.problemCount > result.problems.length && (
        <Typography.Text type="secondary">
          {t.listed(result.problems.length, result.problemCount)}
        </Typography.Text>
      )}
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {kinds.map((kind) => (
          <li key={kind}>
            <Typography.Text type="secondary">
              {t.problemLabels[kind]}: {t.problems[kind]}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The outcome of 무결성 확인: all intact, or every problem found (the first ones listed) with a way to open each. */
export function VerifyResult({ running, result, onOpen, onShowRange, onClose }: VerifyResultProps) {
  if (running) {
    return (
      <Alert
        role="status"
        type="info"
        style={{ marginBottom: 16 }}
        title={
          <Flex gap={8} align="center">
            <Spin size="small" />
            {t.running}
          </Flex>
        }
      />
    );
  }
  if (!result) return null;
  if (result.ok) {
    return (
      <Alert
        role="status"
        type="success"
        showIcon
        closable={{ onClose, 'aria-label': t.close }}
        style={{ marginBottom: 16 }}
        title={t.okTitle(result.checked)}
        description={
          <Flex vertical gap={4}>
            <span>{t.okBody(formatLogTime(result.verifiedAt), result.durationMs)}</span>
            <CheckedRange result={result} onShowRange={onShowRange} />
            <LegacyNote result={result} />
          </Flex>
        }
      />
    );
  }
  const first = result.problems[0];
  return (
    <Alert
      role="alert"
      type="error"
      showIcon
      closable={{ onClose, 'aria-label': t.close }}
      style={{ marginBottom: 16 }}
      title={t.brokenTitle}
      description={
        <Flex vertical gap={8}>
          <span>{t.brokenBody(result.checked, result.problemCount)}</span>
          <CheckedRange result={result} onShowRange={onShowRange} />
          {first && (
            <Flex gap={8} align="center" wrap>
              <span>{t.firstBroken(first.id, first.createdAt ? formatLogTime(first.createdAt) : '')}</span>
              {canOpen(first) && (
                <Button size="small" danger onClick={() => onOpen(first.id)}>
                  {t.open}
                </Button>
              )}
            </Flex>
          )}
          <ProblemList result={result} onOpen={onOpen} />
          <LegacyNote result={result} />
        </Flex>
      }
    />
  );
}
