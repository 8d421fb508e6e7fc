import type { AuditVerifyResult } from '@ilson/contracts';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { koAudit } from '../../locales/ko-audit';
import { formatLogTime } from './columns';

const t = koAudit.verify;

type VerifyResultProps = {
  running: boolean;
  result: AuditVerifyResult | undefined;
  onOpen(id: number): void;
  onClose(): void;
};

/** The outcome of 무결성 확인: all intact, or the first broken row with a way to open it. */
export function VerifyResult({ running, result, onOpen, onClose }: VerifyResultProps) {
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
        description={t.okBody(formatLogTime(result.verifiedAt), result.durationMs)}
      />
    );
  }
  const brokenAtId = result.brokenAtId ?? 0;
  return (
    <Alert
      role="alert"
      type="error"
      showIcon
      closable={{ onClose, 'aria-label': t.close }}
      style={{ marginBottom: 16 }}
      title={t.brokenTitle}
      description={
        <Flex vertical gap={4}>
          <span>
            {t.brokenBody(brokenAtId, result.brokenAt ? formatLogTime(result.brokenAt) : '', result.checked)}
          </span>
          {result.problem && <Typography.Text type="secondary">{t.problems[result.problem]}</Typography.Text>}
          <div>
            <Button size="small" danger onClick={() => onOpen(brokenAtId)}>
              {t.open}
            </Button>
          </div>
        </Flex>
      }
    />
  );
}
