import { SearchOutlined } from '@ant-design/icons';
import { type SearchItem, type SearchKind, searchApi } from '@ilson/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Empty, Input, type InputRef, Modal, Typography, theme } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { endpointQuery } from '../api/endpoint';
import { screenHref } from '../lib/screen-paths';
import { koSearch as t } from '../locales/ko/search';

/** Where a result opens: its record's page (admins have none: their list, filtered to them). */
export function searchResultPath(kind: SearchKind, item: SearchItem): string {
  switch (kind) {
    case 'employers':
      return screenHref('employer-detail', { id: item.id });
    case 'workers':
      return screenHref('worker-detail', { id: item.id });
    case 'jobPosts':
      return screenHref('job-post-detail', { id: item.id });
    case 'matchings':
      return screenHref('matching-detail', { id: item.id });
    case 'branches':
      return screenHref('branch-detail', { id: item.id });
    case 'admins':
      return screenHref('settings-admins', { q: item.label });
  }
}

type Entry = { kind: SearchKind; item: SearchItem };

/** Typing pauses this long before the search is asked. */
const DEBOUNCE_MS = 200;
const RECENT_KEY = 'ilson.search.recent';
const RECENT_MAX = 8;

function readRecent(): Entry[] {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Entry[]).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

function remember(entry: Entry) {
  const others = readRecent().filter((e) => !(e.kind === entry.kind && e.item.id === entry.item.id));
  try {
    window.localStorage.setItem(RECENT_KEY, JSON.stringify([entry, ...others].slice(0, RECENT_MAX)));
  } catch {
    // Private mode: nothing is remembered.
  }
}

/**
 * The global search window (docs/ARCHITECTURE.md#global-search): keyboard first — type, ↑↓, Enter — with the
 * results grouped by kind and, before anything is typed, the records opened from here most recently.
 */
export default function SearchPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const input = useRef<InputRef>(null);
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<Entry[]>(readRecent);

  useEffect(() => {
    const timer = setTimeout(() => {
      setTerm(text.trim());
      setActive(0);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (open) setRecent(readRecent());
  }, [open]);

  const result = useQuery({
    ...endpointQuery(searchApi.search, { query: { q: term } }),
    enabled: open && term.length > 0,
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });

  const entries: Entry[] =
    term.length === 0
      ? recent
      : (result.data?.groups ?? []).flatMap((group) =>
          group.items.map((item) => ({ kind: group.kind, item })),
        );

  const choose = (entry: Entry) => {
    remember(entry);
    onClose();
    setText('');
    setTerm('');
    navigate(searchResultPath(entry.kind, entry.item));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (entries.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + entries.length) % entries.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const entry = entries[active];
      if (entry) choose(entry);
    }
  };

  let index = -1;
  const groups = new Map<SearchKind, Entry[]>();
  for (const entry of entries) groups.set(entry.kind, [...(groups.get(entry.kind) ?? []), entry]);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      title={null}
      width={640}
      styles={{ body: { padding: 0 } }}
      afterOpenChange={(visible) => visible && input.current?.focus()}
      destroyOnHidden
    >
      <div>
        <Input
          ref={input}
          autoFocus
          size="large"
          variant="borderless"
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t.placeholder}
          aria-label={t.title}
          aria-controls="search-results"
          aria-activedescendant={entries[active] ? `search-result-${active}` : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          style={{ padding: '12px 16px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
        />
        <div
          id="search-results"
          role="listbox"
          aria-label={t.title}
          style={{ maxHeight: 420, overflowY: 'auto' }}
        >
          {result.data?.refused && term.length > 0 && (
            <Alert type="info" showIcon message={result.data.refused} style={{ margin: 12 }} />
          )}
          {result.isError && term.length > 0 && (
            <Alert type="error" showIcon message={t.failed} style={{ margin: 12 }} />
          )}
          {term.length === 0 && recent.length > 0 && (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '12px 16px 4px' }}>
              {t.recent}
            </Typography.Text>
          )}
          {[...groups].map(([kind, group]) => (
            <div key={kind} role="presentation">
              {term.length > 0 && (
                <Typography.Text
                  type="secondary"
                  aria-hidden
                  style={{ display: 'block', padding: '12px 16px 4px' }}
                >
                  {t.kinds[kind]}
                </Typography.Text>
              )}
              {group.map((entry) => {
                index++;
                const position = index;
                const selected = position === active;
                return (
                  <div
                    key={`${kind}-${entry.item.id}`}
                    id={`search-result-${position}`}
                    role="option"
                    aria-selected={selected}
                    aria-label={`${t.kinds[kind]} ${entry.item.label} ${entry.item.detail}`}
                    tabIndex={-1}
                    onMouseEnter={() => setActive(position)}
                    onClick={() => choose(entry)}
                    onKeyDown={() => undefined}
                    style={{
                      padding: '8px 16px',
                      cursor: 'pointer',
                      background: selected ? token.controlItemBgActive : undefined,
                    }}
                  >
                    <div>
                      {term.length === 0 && (
                        <Typography.Text type="secondary" style={{ marginInlineEnd: 8 }}>
                          {t.kinds[kind]}
                        </Typography.Text>
                      )}
                      <Typography.Text strong>{entry.item.label}</Typography.Text>
                    </div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {entry.item.detail}
                    </Typography.Text>
                  </div>
                );
              })}
            </div>
          ))}
          {term.length === 0 && recent.length === 0 && (
            <Typography.Paragraph type="secondary" style={{ padding: 16, margin: 0 }}>
              {t.noRecent}
            </Typography.Paragraph>
          )}
          {term.length > 0 && result.isSuccess && entries.length === 0 && !result.data.refused && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} style={{ padding: 16 }} />
          )}
          {term.length > 0 && result.isFetching && entries.length === 0 && (
            <Typography.Paragraph type="secondary" style={{ padding: 16, margin: 0 }}>
              {t.searching}
            </Typography.Paragraph>
          )}
        </div>
        <Typography.Text
          type="secondary"
          style={{
            display: 'block',
            padding: '8px 16px',
            fontSize: 12,
            borderTop: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {t.hint}
        </Typography.Text>
      </div>
    </Modal>
  );
}
