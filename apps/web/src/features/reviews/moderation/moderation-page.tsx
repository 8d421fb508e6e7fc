import { ReloadOutlined } from '@ant-design/icons';
import { type Review, reviewTransitionsFor } from '@ilson/contracts';
import { Alert, Button, Card, Col, Empty, Row, Tag } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../auth/permissions';
import { RecordProblem } from '../../../components/detail/record-state';
import { PageSpinner } from '../../../components/spinners';
import { PageHeader } from '../../../layout/page-header';
import { HideReason } from './hide-reason';
import './moderation.css';
import { koModeration } from '../../../locales/ko/reviews';
import { QueueList, ShortcutHelp } from './queue-sidebar';
import { ActionButton, ReviewFocus } from './review-focus';
import { useModerationSession } from './use-moderation-session';
import { useModerationShortcuts } from './use-shortcuts';

const t = koModeration;

type Hiding = { reviewId: number; reason: string; error: boolean };

/**
 * `/reviews/moderation`: pending and reported reviews, oldest first, one at a time, decided from the buttons or
 * the keyboard. The total left is the server's count less what was decided here since.
 */
export default function ModerationPage() {
  const can = useCan();
  const session = useModerationSession();
  const [hiding, setHiding] = useState<Hiding | null>(null);
  const { current } = session;
  const transitions = current ? reviewTransitionsFor(current, can) : [];
  const publish = transitions.find((transition) => transition.to === 'published');
  const hide = transitions.find((transition) => transition.to === 'hidden');
  const hidingCurrent = hiding !== null && hiding.reviewId === current?.id;

  const startHide = () => {
    if (current && hide) setHiding({ reviewId: current.id, reason: '', error: false });
  };
  const cancelHide = () => setHiding(null);
  const confirmHide = () => {
    if (!current || !hide || !hidingCurrent) return;
    const reason = hiding.reason.trim();
    if (!reason) {
      setHiding({ ...hiding, error: true });
      return;
    }
    setHiding(null);
    session.decide(current, hide, reason);
  };
  const runPublish = (review: Review | undefined) => {
    if (review && publish) {
      setHiding(null);
      session.decide(review, publish);
    }
  };
  const moveTo = (action: () => void) => () => {
    setHiding(null);
    action();
  };

  useModerationShortcuts({
    publish: hidingCurrent ? undefined : () => runPublish(current),
    hide: hidingCurrent ? undefined : startHide,
    next: moveTo(() => session.move(1)),
    previous: moveTo(() => session.move(-1)),
    skip: moveTo(session.skip),
    confirm: hidingCurrent ? confirmHide : undefined,
    cancel: hidingCurrent ? cancelHide : undefined,
  });

  const header = (
    <PageHeader
      tags={
        !session.loading && (
          <Tag color={session.remaining > 0 ? 'gold' : 'green'} className="moderation-remaining">
            {t.remaining(session.remaining)}
          </Tag>
        )
      }
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void session.refresh()} loading={session.refreshing}>
          {t.refresh}
        </Button>
      }
    />
  );

  if (session.loading) {
    return (
      <>
        {header}
        <PageSpinner />
      </>
    );
  }
  if (session.error && session.items.length === 0) {
    return <RecordProblem error={session.error} listPath="/reviews" onRetry={() => void session.refresh()} />;
  }

  return (
    <>
      {header}
      {!can('reviews:moderate') && (
        <Alert type="info" showIcon title={t.noPermission} style={{ marginBottom: 16 }} />
      )}
      {!current ? (
        <Card>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <>
                <strong className="moderation-empty-title">{t.emptyTitle}</strong>
                <br />
                {t.emptyBody}
              </>
            }
            style={{ padding: '48px 0' }}
          >
            <Button icon={<ReloadOutlined />} onClick={() => void session.refresh()}>
              {t.refresh}
            </Button>
          </Empty>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <ReviewFocus
              review={current}
              position={t.position(session.index + 1, Math.max(session.remaining, session.items.length))}
              skipped={session.skipped.has(current.id)}
            >
              {hidingCurrent ? (
                <HideReason
                  value={hiding.reason}
                  error={hiding.error}
                  onChange={(reason) => setHiding({ ...hiding, reason, error: false })}
                  onConfirm={confirmHide}
                  onCancel={cancelHide}
                />
              ) : (
                <div className="moderation-buttons">
                  {publish && (
                    <ActionButton
                      kind="primary"
                      label={publish.label}
                      shortcut="A"
                      onClick={() => runPublish(current)}
                    />
                  )}
                  {hide && <ActionButton kind="danger" label={hide.label} shortcut="H" onClick={startHide} />}
                  <ActionButton kind="default" label={t.skip} shortcut="S" onClick={moveTo(session.skip)} />
                </div>
              )}
            </ReviewFocus>
            <ShortcutHelp canModerate={can('reviews:moderate')} />
          </Col>
          <Col xs={24} xl={8}>
            <QueueList
              items={session.items}
              index={session.index}
              skipped={session.skipped}
              fetchingMore={session.fetchingMore}
              exhausted={session.exhausted}
              onSelect={(id) => {
                setHiding(null);
                session.select(id);
              }}
            />
          </Col>
        </Row>
      )}
    </>
  );
}
