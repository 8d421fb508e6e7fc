import {
  type AppUser,
  CONSENT_CHANNEL_LABELS,
  CONSENT_ITEM_LABELS,
  type Consent,
  type ConsentWithdrawal,
  consentWithdrawalSchema,
} from '@ilson/contracts';
import { Button, Divider, Empty, Flex, Result, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCan } from '../../auth/permissions';
import { NoteDialog } from '../../components/form/note-dialog';
import { formatDateTime } from '../../lib/datetime';
import { koUsers } from '../../locales/ko/app-users';
import { koKit } from '../../locales/ko/kit';
import { useAppUserConsents, useWithdrawConsent } from './api';

const t = koUsers.consents;

function WithdrawForm({ user, consent, onClose }: { user: AppUser; consent: Consent; onClose(): void }) {
  const withdraw = useWithdrawConsent(user.id);
  return (
    <NoteDialog
      texts={t}
      maxLength={500}
      danger
      schema={consentWithdrawalSchema}
      body={(note) => ({ note })}
      saving={withdraw.isPending}
      save={(body) => withdraw.mutateAsync({ consentId: consent.id, body: body as ConsentWithdrawal })}
      onClose={onClose}
    >
      <Typography.Paragraph>{t.formIntro(CONSENT_ITEM_LABELS[consent.item])}</Typography.Paragraph>
    </NoteDialog>
  );
}

function ConsentState({ user, consent }: { user: AppUser; consent: Consent }) {
  if (consent.withdrawnAt) {
    return (
      <Flex vertical align="flex-end" gap={2}>
        <Tag>{t.withdrawn}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.withdrawnAt(
            formatDateTime(consent.withdrawnAt),
            consent.withdrawalChannel ? CONSENT_CHANNEL_LABELS[consent.withdrawalChannel] : '',
          )}
        </Typography.Text>
      </Flex>
    );
  }
  if (user.status === 'withdrawn') return <Tag>{t.endedWithMembership}</Tag>;
  return <Tag color="green">{t.inForce}</Tag>;
}

/**
 * 동의 내역 (docs/privacy-lifecycle.md#consent-records): what the member agreed to, which text, when and where;
 * an operator records only a withdrawal of an optional item taken by phone.
 */
export function ConsentsTab({ user }: { user: AppUser }) {
  const can = useCan();
  const result = useAppUserConsents(user.id, true);
  const [withdrawing, setWithdrawing] = useState<Consent | null>(null);
  if (result.isPending) {
    return (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin />
      </Flex>
    );
  }
  if (result.isError) {
    return (
      <Result
        status="error"
        title={koKit.detail.errorTitle}
        extra={<Button onClick={() => void result.refetch()}>{koKit.common.retry}</Button>}
      />
    );
  }
  const consents = result.data;
  const canWithdraw = can('users:write') && user.status !== 'withdrawn';
  return (
    <>
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      {consents.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />}
      <ul aria-label={t.tab} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {consents.map((consent, index) => {
          const item = CONSENT_ITEM_LABELS[consent.item];
          return (
            <li key={consent.id}>
              {index > 0 && <Divider style={{ margin: '12px 0' }} />}
              <Flex justify="space-between" align="flex-start" gap={12} wrap>
                <Flex vertical gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
                  <Flex gap={6} align="center" wrap>
                    <Typography.Text strong>{item}</Typography.Text>
                    <Tag color={consent.required ? 'blue' : 'default'}>
                      {consent.required ? t.required : t.optional}
                    </Tag>
                  </Flex>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t.version} {consent.textVersion} · {t.consentedAt} {formatDateTime(consent.consentedAt)}{' '}
                    · {t.channel} {CONSENT_CHANNEL_LABELS[consent.channel]}
                  </Typography.Text>
                  {consent.withdrawalNote && (
                    <Typography.Text
                      style={{ fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                    >
                      {consent.withdrawalNote}
                      {consent.withdrawnByName && (
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {' '}
                          ({t.withdrawnBy(consent.withdrawnByName)})
                        </Typography.Text>
                      )}
                    </Typography.Text>
                  )}
                </Flex>
                <Flex gap={8} align="center">
                  <ConsentState user={user} consent={consent} />
                  {canWithdraw && !consent.required && !consent.withdrawnAt && (
                    <Button
                      size="small"
                      onClick={() => setWithdrawing(consent)}
                      aria-label={t.withdrawLabel(item)}
                    >
                      {t.withdraw}
                    </Button>
                  )}
                </Flex>
              </Flex>
            </li>
          );
        })}
      </ul>
      {withdrawing && <WithdrawForm user={user} consent={withdrawing} onClose={() => setWithdrawing(null)} />}
    </>
  );
}
