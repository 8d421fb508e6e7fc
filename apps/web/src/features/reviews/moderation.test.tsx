import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { wireReview } from '../../test/operations';
import { signedInAs } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

const queue = [
  wireReview({ id: 101, content: '첫 번째 리뷰: 성실하게 근무했습니다.' }),
  wireReview({
    id: 102,
    content: '두 번째 리뷰: 욕설이 섞인 내용',
    status: 'published',
    report_count: 3,
    reviewer_type: 'worker',
    rating: 1,
  }),
  wireReview({ id: 103, content: '세 번째 리뷰: 다시 함께 일하고 싶습니다.', rating: 5 }),
];

function queueReply(data: unknown[], total = data.length, nextAfterId: number | null = null) {
  return { status: 200, body: { data, meta: { page_size: 20, total, next_after_id: nextAfterId } } };
}

beforeEach(() => {
  server = createMockServer();
  signIn();
  signedInAs(server, 'admin');
  server.on('GET', 'reviews/moderation', queueReply(queue));
  for (const review of queue) {
    server.on('POST', `reviews/${review.id}/status`, (request) => ({
      status: 200,
      body: { ...review, ...(request.body as object), report_count: 0, version: 2 },
    }));
  }
});

const focused = () => within(screen.getByRole('region', { name: '검수 중인 리뷰' }));

async function openQueue() {
  const view = renderApp('/reviews/moderation', server);
  await screen.findByRole('region', { name: '검수 중인 리뷰' });
  return view;
}

describe('moderation queue', () => {
  it('shows one review large, the total left and the shortcuts', async () => {
    await openQueue();
    expect(focused().getByText('첫 번째 리뷰: 성실하게 근무했습니다.')).toBeTruthy();
    expect(screen.getByText('남은 검수 3건')).toBeTruthy();
    const list = within(screen.getByRole('list', { name: '검수 대기 목록' }));
    expect(list.getByText('두 번째 리뷰: 욕설이 섞인 내용')).toBeTruthy();
    expect(screen.getByRole('button', { name: /게시 A/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /숨김 H/ })).toBeTruthy();
    expect(screen.getByText('건너뛰기', { selector: 'dd' })).toBeTruthy();
  });

  it('publishes with A and opens the next review at once', async () => {
    const user = userEvent.setup({ delay: null });
    await openQueue();
    await user.keyboard('a');

    expect(focused().getByText('두 번째 리뷰: 욕설이 섞인 내용')).toBeTruthy();
    await waitFor(() =>
      expect(server.callsTo('POST', 'reviews/101/status')[0]?.body).toEqual({
        status: 'published',
        version: 1,
      }),
    );
    expect(screen.getByText('남은 검수 2건')).toBeTruthy();
    // A reported, published review offers to keep it: A now dismisses the reports.
    expect(screen.getByRole('button', { name: /게시 유지 \(신고 해제\) A/ })).toBeTruthy();
  });

  it('hides with H only with a reason: Enter on an empty one is refused', async () => {
    const user = userEvent.setup({ delay: null });
    await openQueue();
    await user.keyboard('h');
    const reason = screen.getByRole('textbox', { name: '숨김 사유' });
    expect(document.activeElement).toBe(reason);

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '사유를 입력해 주세요.');
    expect(server.callsTo('POST', 'reviews/101/status')).toHaveLength(0);

    // Shortcut letters typed into the reason are text, not decisions.
    await user.type(reason, 'ajks 광고성 내용');
    expect(focused().getByText('첫 번째 리뷰: 성실하게 근무했습니다.')).toBeTruthy();
    await user.keyboard('{Enter}');

    expect(focused().getByText('두 번째 리뷰: 욕설이 섞인 내용')).toBeTruthy();
    await waitFor(() =>
      expect(server.callsTo('POST', 'reviews/101/status')[0]?.body).toEqual({
        status: 'hidden',
        reason: 'ajks 광고성 내용',
        version: 1,
      }),
    );
  });

  it('cancels the reason with Esc, moves with J and K, skips with S', async () => {
    const user = userEvent.setup({ delay: null });
    await openQueue();
    await user.keyboard('h');
    await user.click(screen.getByText('개인정보 노출'));
    expect(screen.getByRole('textbox', { name: '숨김 사유' })).toHaveProperty('value', '개인정보 노출');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: '숨김 사유' })).toBeNull();

    await user.keyboard('j');
    expect(focused().getByText('두 번째 리뷰: 욕설이 섞인 내용')).toBeTruthy();
    await user.keyboard('k');
    expect(focused().getByText('첫 번째 리뷰: 성실하게 근무했습니다.')).toBeTruthy();
    await user.keyboard('s');
    expect(focused().getByText('두 번째 리뷰: 욕설이 섞인 내용')).toBeTruthy();
    await user.keyboard('{ArrowDown}');
    expect(focused().getByText('세 번째 리뷰: 다시 함께 일하고 싶습니다.')).toBeTruthy();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('fetches the next page ahead with after_id', async () => {
    server.on('GET', 'reviews/moderation', (request) =>
      (request.params as { after_id?: number }).after_id === 102
        ? queueReply([queue[2]], 3, null)
        : queueReply(queue.slice(0, 2), 3, 102),
    );
    const user = userEvent.setup({ delay: null });
    await openQueue();
    await waitFor(() =>
      expect(server.callsTo('GET', 'reviews/moderation').map((call) => call.params)).toContainEqual({
        page_size: 20,
        after_id: 102,
      }),
    );
    await user.keyboard('a');
    await user.keyboard('a');
    expect(focused().getByText('세 번째 리뷰: 다시 함께 일하고 싶습니다.')).toBeTruthy();
  });

  it('says so when nothing is left to moderate', async () => {
    server.on('GET', 'reviews/moderation', queueReply([]));
    renderApp('/reviews/moderation', server);
    expect(await screen.findByText('검수할 리뷰가 없습니다')).toBeTruthy();
    expect(screen.getByText('남은 검수 0건')).toBeTruthy();
  });
});
