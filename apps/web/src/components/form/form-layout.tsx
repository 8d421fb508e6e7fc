import { Alert, Button, Card, Col, Flex, Row, theme } from 'antd';
import { Children, isValidElement, type ReactNode, useEffect, useRef } from 'react';
import { koKit } from '../../locales/ko/kit';
import { type Refusal, RefusalAlert } from '../linked-records';

type FormSectionProps = { title: string; children: ReactNode; extra?: ReactNode };

/** A titled group of fields laid out in a responsive grid (3 columns wide, 2 medium, 1 narrow). */
export function FormSection({ title, children, extra }: FormSectionProps) {
  return (
    <Card
      title={title}
      extra={extra}
      size="small"
      style={{ marginBottom: 16 }}
      styles={{ body: { paddingBottom: 0 } }}
    >
      <Row gutter={[24, 0]}>
        {Children.map(children, (child) =>
          !child ? null : isValidElement(child) && child.type === WideField ? (
            <Col span={24}>{child}</Col>
          ) : (
            <Col xs={24} md={12} xl={8}>
              {child}
            </Col>
          ),
        )}
      </Row>
    </Card>
  );
}

/** A field that takes the section's whole width (addresses, memos). */
export function WideField({ children }: { children: ReactNode }) {
  return <div style={{ width: '100%' }}>{children}</div>;
}

type FormActionsProps = {
  saving: boolean;
  onCancel: () => void;
  submitLabel?: string;
  /** More submit buttons between cancel and the main one (a draft save beside "검토 요청"). */
  secondary?: ReactNode;
  onSubmitClick?: () => void;
  submitDisabled?: boolean;
};

/** Cancel and save, kept in view at the bottom of a long form. */
export function FormActions({
  saving,
  onCancel,
  submitLabel = koKit.common.save,
  secondary,
  onSubmitClick,
  submitDisabled,
}: FormActionsProps) {
  const { token } = theme.useToken();
  return (
    <Flex
      justify="flex-end"
      gap={8}
      style={{
        position: 'sticky',
        // Out to the page's edges, whatever its padding (24 px on a desk, 12 on a phone).
        bottom: 'calc(-1 * var(--page-padding, 24px))',
        margin: '0 calc(-1 * var(--page-padding, 24px)) calc(-1 * var(--page-padding, 24px))',
        padding: '12px var(--page-padding, 24px)',
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        zIndex: 5,
      }}
    >
      <Button onClick={onCancel}>{koKit.common.cancel}</Button>
      {secondary}
      <Button
        type="primary"
        htmlType="submit"
        loading={saving}
        disabled={submitDisabled}
        onClick={onSubmitClick}
      >
        {submitLabel}
      </Button>
    </Flex>
  );
}

/**
 * Server messages that name no field of the form; or a refusal naming records (`useRecordForm`'s `refusal`),
 * with a link to each, brought into view since the submit button is at the bottom of the form.
 */
export function FormBanner({ messages, refusal }: { messages: readonly string[]; refusal?: Refusal | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [refusal]);
  if (refusal) {
    return (
      <div ref={ref} style={{ scrollMarginTop: 16 }}>
        <RefusalAlert refusal={refusal} />
      </div>
    );
  }
  if (messages.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={messages.length === 1 ? messages[0] : koKit.form.checkFields}
      description={
        messages.length > 1 ? (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
