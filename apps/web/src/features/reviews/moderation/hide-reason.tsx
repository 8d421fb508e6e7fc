import { recordMessages } from '@ilson/contracts';
import { Button, Flex, Input, type InputRef, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { koModeration, koReviews } from '../../../locales/ko/reviews';
import { Kbd } from './kbd';

const t = koModeration;
const REASON_MAX = 500;

type HideReasonProps = {
  value: string;
  error: boolean;
  onChange(value: string): void;
  onConfirm(): void;
  onCancel(): void;
};

/** The reason for hiding, asked in place: quick picks or free text; Enter confirms, Esc cancels. */
export function HideReason({ value, error, onChange, onConfirm, onCancel }: HideReasonProps) {
  const input = useRef<InputRef>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);

  return (
    <section aria-label={t.hideReasonLabel} className="moderation-reason">
      <Typography.Text strong>{t.quickPick}</Typography.Text>
      <Flex gap={6} wrap style={{ margin: '8px 0 12px' }}>
        {koReviews.quickReasons.map((reason) => (
          <Tag.CheckableTag
            key={reason}
            checked={value === reason}
            onChange={() => {
              onChange(reason);
              input.current?.focus();
            }}
            className="moderation-quick-reason"
          >
            {reason}
          </Tag.CheckableTag>
        ))}
      </Flex>
      <Input
        ref={input}
        aria-label={t.hideReasonLabel}
        placeholder={t.hideReasonPlaceholder}
        value={value}
        maxLength={REASON_MAX}
        status={error ? 'error' : undefined}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
            event.preventDefault();
            onConfirm();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4 }}>
          {recordMessages.reasonRequired}
        </Typography.Text>
      )}
      <Flex gap={8} justify="flex-end" style={{ marginTop: 12 }}>
        <Button onClick={onCancel}>
          {t.cancelHide} <Kbd>Esc</Kbd>
        </Button>
        <Button type="primary" danger onClick={onConfirm}>
          {t.confirmHide} <Kbd>Enter</Kbd>
        </Button>
      </Flex>
    </section>
  );
}
