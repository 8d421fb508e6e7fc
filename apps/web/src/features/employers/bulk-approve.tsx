import { CheckOutlined } from '@ant-design/icons';
import type { Employer } from '@ilson/contracts';
import { Alert, App, Button, Flex, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { koEmployers } from '../../locales/ko/employers';
import { koKit } from '../../locales/ko/kit';
import { type BulkResult, useBulkEmployerStatus } from './api';

const t = koEmployers;

type BulkApproveProps = {
  selected: Employer[];
  onClear: () => void;
};

type Outcome = { approved: number; failures: { id: number; name: string; message: string }[] };

function summarize(results: BulkResult[], selected: Employer[]): Outcome {
  const names = new Map(selected.map((employer) => [employer.id, employer.companyName]));
  const failures = results
    .filter((result) => !result.ok)
    .map((result) => ({
      id: result.id,
      name: names.get(result.id) ?? `#${result.id}`,
      message: result.message ?? result.code ?? koKit.common.none,
    }));
  return { approved: results.filter((result) => result.ok).length, failures };
}

/** "선택 승인": approves the selected pending employers in one call, then says what happened to each. */
export function BulkApprove({ selected, onClear }: BulkApproveProps) {
  const { modal } = App.useApp();
  const bulk = useBulkEmployerStatus();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const handleApprove = () =>
    modal.confirm({
      title: t.bulkApproveTitle(selected.length),
      content: t.bulkApproveBody,
      okText: t.bulkApprove,
      cancelText: koKit.common.cancel,
      onOk: async () => {
        const targets = selected;
        try {
          const results = await bulk.mutateAsync({ ids: targets.map((e) => e.id), status: 'approved' });
          onClear();
          setOutcome(summarize(results, targets));
        } catch {
          // Toasted by the query client; the selection stays for another try.
        }
      },
    });

  return (
    <>
      {selected.length > 0 && (
        <Flex align="center" gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text strong>{koKit.list.selected(selected.length)}</Typography.Text>
          <Button type="primary" icon={<CheckOutlined />} onClick={handleApprove} loading={bulk.isPending}>
            {t.bulkApprove}
          </Button>
          <Button onClick={onClear}>{koKit.list.clearSelection}</Button>
        </Flex>
      )}
      <Modal
        open={outcome !== null}
        title={t.bulkResultTitle}
        onCancel={() => setOutcome(null)}
        footer={
          <Button type="primary" onClick={() => setOutcome(null)}>
            {koKit.common.confirm}
          </Button>
        }
      >
        {outcome && (
          <>
            <Alert
              type={outcome.failures.length === 0 ? 'success' : outcome.approved === 0 ? 'error' : 'warning'}
              showIcon
              title={t.bulkResultSummary(outcome.approved, outcome.failures.length)}
              style={{ marginBottom: outcome.failures.length > 0 ? 16 : 0 }}
            />
            {outcome.failures.length > 0 && (
              <List
                size="small"
                header={<Typography.Text strong>{t.bulkFailed}</Typography.Text>}
                bordered
                dataSource={outcome.failures}
                renderItem={(failure) => (
                  <List.Item key={failure.id}>
                    <List.Item.Meta title={failure.name} description={failure.message} />
                  </List.Item>
                )}
              />
            )}
          </>
        )}
      </Modal>
    </>
  );
}
