import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { wireNotice } from '../../test/operations';
import { listReply, signedInAs } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;
type User = ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  server = createMockServer();
  signIn();
  signedInAs(server, 'admin');
});

async function writeContent(user: User, text: string) {
  const editor = await screen.findByRole('textbox', { name: '내용' });
  await user.click(editor);
  await user.paste(text);
  await waitFor(() => expect(editor.textContent).toContain(text));
}

describe('notice list', () => {
  it('marks pinned notices and scheduled ones with their time', async () => {
    server.on(
      'GET',
      'notices',
      listReply([
        wireNotice({ id: 31, title: '고정 공지', is_pinned: true }),
        wireNotice({
          id: 32,
          title: '예약 공지',
          is_scheduled: true,
          publish_at: '2099-01-01T01:00:00.000Z',
          published_at: '2099-01-01T01:00:00.000Z',
        }),
      ]),
    );
    renderApp('/notices?pinned=true', server);

    const table = within(await screen.findByRole('table'));
    expect(await table.findByText('고정 공지')).toBeTruthy();
    expect(table.getByLabelText('상단 고정')).toBeTruthy();
    expect(table.getByText(/예약 2099-01-01 10:00/)).toBeTruthy();
    expect(server.callsTo('GET', 'notices').at(-1)?.params).toMatchObject({
      pinned: 'true',
      sort: 'published_at',
    });
  });
});

describe('notice form', () => {
  it('asks for a title and content and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/notices/new', server);
    await screen.findByRole('textbox', { name: '내용' });
    await user.click(screen.getByRole('button', { name: '게시' }));

    expect(await screen.findByText('제목을 2자 이상 입력해 주세요.')).toBeTruthy();
    expect(await screen.findByText('내용을 입력해 주세요.')).toBeTruthy();
    expect(server.callsTo('POST', 'notices')).toHaveLength(0);
  });

  it('previews the server’s sanitised HTML in a modal', async () => {
    server.on('POST', 'notices/preview', {
      status: 200,
      body: { content: '<p>정리된 <strong>본문</strong></p>' },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/notices/new', server);
    await user.type(await screen.findByLabelText('제목'), '시스템 점검 안내');
    await writeContent(user, '점검 시간 안내');
    await user.click(screen.getByRole('button', { name: /미리보기/ }));

    const dialog = within(await screen.findByRole('dialog'));
    const article = await dialog.findByRole('article', { name: '미리보기' });
    expect(article.innerHTML).toBe('<p>정리된 <strong>본문</strong></p>');
    expect(dialog.getByText('시스템 점검 안내')).toBeTruthy();
    expect(server.callsTo('POST', 'notices/preview')[0]?.body).toEqual({ content: '<p>점검 시간 안내</p>' });
  });

  it('sends the publication time of a scheduled notice', async () => {
    server.on('POST', 'notices', {
      status: 201,
      body: wireNotice({
        id: 33,
        publish_at: '2099-01-01T01:00:00.000Z',
        published_at: '2099-01-01T01:00:00.000Z',
        is_scheduled: true,
      }),
    });
    server.on('GET', 'notices/33', { status: 200, body: wireNotice({ id: 33 }) });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/notices/new', server);
    await user.type(await screen.findByLabelText('제목'), '신규 기능 안내');
    await writeContent(user, '새 기능을 소개합니다');
    await user.click(screen.getByText('근로자'));
    const when = screen.getByLabelText('게시 예정 시각');
    await user.click(when);
    await user.type(when, '2099-01-01 10:00');
    await user.click(screen.getByLabelText('제목'));
    await user.click(await screen.findByRole('button', { name: '예약 게시' }));

    await waitFor(() => expect(view.location()).toBe('/notices/33'));
    const [call] = server.callsTo('POST', 'notices');
    expect(call?.body).toMatchObject({
      title: '신규 기능 안내',
      content: '<p>새 기능을 소개합니다</p>',
      audience: 'workers',
      is_pinned: false,
      status: 'published',
      publish_at: dayjs('2099-01-01 10:00').toISOString(),
    });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('notice detail', () => {
  it('renders stored content without anything that could run', async () => {
    const hostile = [
      '<p>본문 <strong>안내</strong></p>',
      '<img src=x onerror="window.__noticeXss = 1">',
      '<img src="https://example.com/a.png" onload="window.__noticeXss = 2" alt="배너">',
      '<script>window.__noticeXss = 3</script>',
      '<a href="javascript:alert(1)" onclick="alert(1)">링크</a>',
      '<p style="color: red; background-image: url(x)" onmouseover="alert(1)">색</p>',
    ].join('');
    server.on('GET', 'notices/30', { status: 200, body: wireNotice({ content: hostile }) });
    renderApp('/notices/30', server);

    const article = await screen.findByRole('article', { name: '내용' });
    expect(within(article).getByText('안내')).toBeTruthy();
    for (const element of article.querySelectorAll('*')) {
      const handlers = [...element.attributes].filter((attribute) => attribute.name.startsWith('on'));
      expect(handlers).toEqual([]);
    }
    expect(article.querySelector('script')).toBeNull();
    expect(article.querySelector('img[src="x"]')).toBeNull();
    expect(article.querySelector('img')?.getAttribute('src')).toBe('https://example.com/a.png');
    expect(within(article).getByText('링크').getAttribute('href')).toBeNull();
    expect(within(article).getByText('색').getAttribute('style')).toBe('color: red');
    expect((window as { __noticeXss?: number }).__noticeXss).toBeUndefined();
    expect(screen.getByText('42')).toBeTruthy();
  });

  it('hides a published notice with its status action', async () => {
    server.on('GET', 'notices/30', { status: 200, body: wireNotice() });
    server.on('POST', 'notices/30/status', { status: 200, body: wireNotice({ status: 'hidden' }) });
    const user = userEvent.setup({ delay: null });
    renderApp('/notices/30', server);
    await screen.findByRole('heading', { name: '설 연휴 고객센터 운영 안내', level: 1 });
    await user.click(screen.getByRole('button', { name: '숨김' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '숨김' }));
    await waitFor(() =>
      expect(server.callsTo('POST', 'notices/30/status')[0]?.body).toEqual({ status: 'hidden', version: 2 }),
    );
  });
});
