import { SafetyCertificateOutlined } from '@ant-design/icons';
import {
  IDENTIFIER_SEARCH_LIMIT,
  identifierSearchKind,
  PII_FIELD_LABELS,
  type PiiField,
  workerPiiMessages,
} from '@ilson/contracts';
import { Alert, Form, Input, Modal, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useCan } from '../../auth/permissions';
import type { ListParams } from '../../components/list/use-list-params';
import { koKit } from '../../locales/ko/kit';
import { koWorkers } from '../../locales/ko/workers';

const t = koWorkers.identifierSearch;

export type IdentifierSearch = {
  /** The purpose to send with the list query (`reason`), once given for the term in the search box. */
  reason: string | undefined;
  /** False while the list must not be asked: the purpose is not given yet, or the user may not search so. */
  enabled: boolean;
  /** What the screen shows about it: the question, a refusal, or the purpose the results were asked with. */
  element: ReactNode;
};

/**
 * docs/SECURITY.md: a search by a full 외국인등록번호 or 여권번호 (as @ilson/contracts recognises one) is a view of
 * personal data. Before such a term reaches the server the operator states the purpose; it is kept for that term
 * only, in this screen's state (never in the address). Whoever may not reveal identifiers is told so instead, and
 * nothing is sent. The server checks all of it again.
 */
export function useIdentifierSearch(list: Pick<ListParams, 'q' | 'setFilters'>): IdentifierSearch {
  const can = useCan();
  const [given, setGiven] = useState<{ q: string; reason: string } | null>(null);
  const kind = identifierSearchKind(list.q);
  if (!kind) return { reason: undefined, enabled: true, element: null };
  const label = PII_FIELD_LABELS[kind];
  if (!can('workers:reveal')) {
    return {
      reason: undefined,
      enabled: false,
      element: (
        <Alert
          type="warning"
          showIcon
          title={workerPiiMessages.identifierSearchForbidden}
          style={{ marginBottom: 16 }}
        />
      ),
    };
  }
  const reason = given?.q === list.q ? given.reason : undefined;
  if (reason !== undefined) {
    return {
      reason,
      enabled: true,
      element: (
        <Tag icon={<SafetyCertificateOutlined />} color="gold" style={{ marginBottom: 16 }}>
          {t.searchedWith(label, reason)}
        </Tag>
      ),
    };
  }
  return {
    reason: undefined,
    enabled: false,
    element: (
      <SearchReasonModal
        kind={kind}
        onSubmit={(value) => setGiven({ q: list.q, reason: value })}
        onCancel={() => list.setFilters({ q: null })}
      />
    ),
  };
}

type SearchReasonModalProps = { kind: PiiField; onSubmit(reason: string): void; onCancel(): void };

function SearchReasonModal({ kind, onSubmit, onCancel }: SearchReasonModalProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const label = PII_FIELD_LABELS[kind];

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) onSubmit(values.reason.trim());
  };

  return (
    <Modal
      open
      title={t.title(label)}
      okText={t.submit}
      cancelText={koKit.common.cancel}
      onOk={handleOk}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        title={t.notice(IDENTIFIER_SEARCH_LIMIT.windowMs / 60_000, IDENTIFIER_SEARCH_LIMIT.max)}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" requiredMark onFinish={handleOk}>
        <Form.Item
          name="reason"
          label={t.reasonLabel}
          required
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                (value ?? '').trim().length >= 2
                  ? Promise.resolve()
                  : Promise.reject(new Error(workerPiiMessages.identifierSearchReasonRequired)),
            },
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount placeholder={t.reasonPlaceholder} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
