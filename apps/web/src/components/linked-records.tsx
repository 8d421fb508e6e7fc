import type { LinkedResource } from '@ilson/contracts';
import { Alert, App, Typography } from 'antd';
import { type CSSProperties, useCallback } from 'react';
import { Link } from 'react-router';
import {
  type ApiErrorDetail,
  claimRefusal,
  detailText,
  isLinkedDetail,
  type LinkedDetail,
} from '../api/errors';
import { koKit } from '../locales/ko/kit';

const t = koKit.linked;

/** A record a refusal or an eligibility issue points at. */
export type RecordRef = { resource: LinkedResource; id: number; label?: string };

/** What a refused request said: its message and its details (fields, records). An ApiError is one. */
export type Refusal = { message: string; details: readonly ApiErrorDetail[] };

/**
 * A form's refusal from what `applyServerErrors` left: null unless details point at records; else the
 * error's message, the records, then the messages that fit no field.
 */
export function refusalOf(
  message: string,
  { linked, unmapped }: { linked: readonly LinkedDetail[]; unmapped: readonly string[] },
): Refusal | null {
  if (linked.length === 0) return null;
  return { message, details: [...linked, ...unmapped.map((text) => ({ message: text }))] };
}

export const recordPath = (resource: LinkedResource, id: number) => `/${resource}/${id}`;

function recordLabel(record: RecordRef): string {
  return record.label ?? t.fallbackLabel(t.resources[record.resource], record.id);
}

/** `onNavigate`: what to close when the link is followed (a dialog that outlives the page). */
export function RecordLink({ record, onNavigate }: { record: RecordRef; onNavigate?: () => void }) {
  return (
    <Link to={recordPath(record.resource, record.id)} onClick={onNavigate}>
      {recordLabel(record)}
    </Link>
  );
}

/** Links to records, one a line. */
export function RecordLinks({
  records,
  onNavigate,
}: {
  records: readonly RecordRef[];
  onNavigate?: () => void;
}) {
  if (records.length === 0) return null;
  return (
    <ul aria-label={t.listLabel} style={{ margin: '2px 0 0', paddingInlineStart: 18, listStyle: 'circle' }}>
      {records.map((record) => (
        <li key={`${record.resource}/${record.id}`}>
          <RecordLink record={record} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );
}

type Entry = { key: string; record?: LinkedDetail; texts: string[] };

/** One entry per record (its messages under it), then the other messages; `title` is not repeated. */
function entriesOf(details: readonly ApiErrorDetail[], title?: string): Entry[] {
  const entries: Entry[] = [];
  const byRecord = new Map<string, Entry>();
  for (const detail of details) {
    if (isLinkedDetail(detail)) {
      const key = `${detail.resource}/${detail.id}`;
      let entry = byRecord.get(key);
      if (!entry) {
        entry = { key, record: detail, texts: [] };
        byRecord.set(key, entry);
        entries.push(entry);
      }
      const text = detailText(detail);
      if (text && !entry.texts.includes(text)) entry.texts.push(text);
    } else if (detail.message !== title && !entries.some((e) => !e.record && e.texts[0] === detail.message)) {
      entries.push({ key: `message-${entries.length}`, texts: [detail.message] });
    }
  }
  return entries;
}

/** Details as a list: each record as a link with what it says, and the messages that name no record. */
export function DetailList({
  details,
  title,
  onNavigate,
}: {
  details: readonly ApiErrorDetail[];
  /** The heading above the list: a detail saying the same is left out. */
  title?: string;
  onNavigate?: () => void;
}) {
  const entries = entriesOf(details, title);
  if (entries.length === 0) return null;
  return (
    <ul aria-label={t.listLabel} style={{ margin: 0, paddingInlineStart: 18 }}>
      {entries.map((entry) =>
        entry.record ? (
          <li key={entry.key}>
            <RecordLink record={entry.record} onNavigate={onNavigate} />
            {entry.texts.map((text) => (
              <Typography.Text key={text} type="secondary" style={{ display: 'block' }}>
                {text}
              </Typography.Text>
            ))}
          </li>
        ) : (
          <li key={entry.key}>{entry.texts[0]}</li>
        ),
      )}
    </ul>
  );
}

type RefusalAlertProps = {
  refusal: Refusal;
  /** Defaults to the refusal's message. */
  title?: string;
  type?: 'error' | 'warning';
  onNavigate?: () => void;
  style?: CSSProperties;
};

/** A refused request inside the form or dialog that made it: the message, then the records it names. */
export function RefusalAlert({ refusal, title, type = 'error', onNavigate, style }: RefusalAlertProps) {
  const heading = title ?? refusal.message;
  return (
    <Alert
      type={type}
      showIcon
      role="alert"
      title={heading}
      description={<DetailList details={refusal.details} title={heading} onNavigate={onNavigate} />}
      style={{ marginBottom: 16, ...style }}
    />
  );
}

type ModalApi = ReturnType<typeof App.useApp>['modal'];

type RefusalDialogOptions = {
  title: string;
  refusal: Refusal;
  /** A paragraph above the records, when the title is not the refusal's message. */
  lead?: string;
  /** A heading over the records; none lists them right under the title or the lead. */
  listHeading?: string;
  width?: number;
  testId?: string;
};

/**
 * A refusal in a dialog that stays until closed (not a toast): its title, the records it names as links, and
 * following a link closes it. Both refusal hooks open this one.
 */
export function openRefusalDialog(
  modal: ModalApi,
  { title, refusal, lead, listHeading, width = 520, testId }: RefusalDialogOptions,
): void {
  const hasList = refusal.details.some((detail) => detail.message !== refusal.message);
  const dialog = modal.error({
    title,
    content: (
      <div data-testid={testId}>
        {lead !== undefined && (
          <Typography.Paragraph style={{ marginBottom: hasList ? 8 : 0, wordBreak: 'keep-all' }}>
            {lead}
          </Typography.Paragraph>
        )}
        {hasList && listHeading !== undefined && <Typography.Text strong>{listHeading}</Typography.Text>}
        {(hasList || lead === undefined) && (
          <DetailList details={refusal.details} title={refusal.message} onNavigate={() => dialog.destroy()} />
        )}
      </div>
    ),
    okText: t.close,
    width,
  });
}

/**
 * For an action without a form of its own (a delete confirmed in a dialog that has closed): a refusal that
 * names records opens a dialog listing them; following a link closes it. Returns whether it did.
 */
export function useRefusalDialog() {
  const { modal } = App.useApp();
  return useCallback(
    (caught: unknown): boolean => {
      const error = claimRefusal(caught);
      if (!error) return false;
      openRefusalDialog(modal, { title: error.message, refusal: error });
      return true;
    },
    [modal],
  );
}
