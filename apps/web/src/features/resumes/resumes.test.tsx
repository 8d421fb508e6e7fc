import { fieldMessages } from '@ilson/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../test/mock-server';
import { listReply, signedInAs, wireResume, withLookups } from '../../test/records';
import { renderApp, signIn } from '../../test/render-app';

let server: MockServer;

beforeEach(() => {
  server = withLookups(createMockServer());
  signIn();
  signedInAs(server, 'admin');
  server.on('GET', 'resumes/70', { status: 200, body: wireResume() });
});

const entry = (name: string) => within(screen.getByRole('group', { name }));
const companyOf = (name: string) => (entry(name).getByLabelText('회사명') as HTMLInputElement).value;
const save = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: '저장' }));

describe('resume editor', () => {
  it('reorders entries with the up and down buttons and saves them in that order', async () => {
    server.on('PATCH', 'resumes/70', { status: 200, body: wireResume({ version: 6 }) });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/resumes/70?mode=edit', server);
    await screen.findByRole('group', { name: '경력 1' });
    expect(companyOf('경력 1')).toBe('하노이 전자');
    expect((entry('경력 1').getByRole('button', { name: '경력 1 위로' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await user.click(entry('경력 1').getByRole('button', { name: '경력 1 아래로' }));
    expect(companyOf('경력 1')).toBe('안산 금속');
    expect(companyOf('경력 2')).toBe('하노이 전자');

    await save(user);
    await waitFor(() => expect(view.location()).toBe('/resumes/70'));
    const body = server.callsTo('PATCH', 'resumes/70')[0]?.body as Record<string, unknown>;
    expect(body.version).toBe(5);
    expect(body.work_experience).toEqual([
      {
        company_name: '안산 금속',
        job_title: '프레스 작업',
        start_date: '2022-01-10',
        end_date: null,
        job_description: '',
        achievements: '',
      },
      {
        company_name: '하노이 전자',
        job_title: '조립 생산직',
        start_date: '2018-03-01',
        end_date: '2021-08-31',
        job_description: '스마트폰 부품 조립',
        achievements: '',
      },
    ]);
    expect(body.skills).toEqual(['지게차']);
  });

  it('adds an entry that is checked on its own, and removes it again', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/resumes/70?mode=edit', server);
    await screen.findByRole('group', { name: '경력 2' });

    await user.click(screen.getByRole('button', { name: /경력 추가/ }));
    const added = entry('경력 3');
    await user.type(added.getByLabelText('회사명'), '   ');
    expect(await added.findByText('회사명을 입력해 주세요.')).toBeTruthy();

    await save(user);
    expect(await added.findByText(fieldMessages.date)).toBeTruthy();
    expect(added.getAllByText(fieldMessages.required).length).toBeGreaterThan(0);
    expect(server.callsTo('PATCH', 'resumes/70')).toHaveLength(0);
    // The other entries are fine.
    expect(entry('경력 1').queryByRole('alert')).toBeNull();

    await user.click(added.getByRole('button', { name: '경력 3 삭제' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: '경력 3' })).toBeNull());
    expect(screen.getAllByRole('group', { name: /^경력 \d$/ })).toHaveLength(2);
  });

  it('refuses an end date before the start date within an entry', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/resumes/70?mode=edit', server);
    await screen.findByRole('group', { name: '경력 1' });
    const first = entry('경력 1');
    const end = first.getByLabelText('퇴사일');
    await user.click(end);
    await user.clear(end);
    await user.type(end, '2017-01-01{Enter}');
    await save(user);
    expect(await first.findByText('종료일은 시작일보다 빠를 수 없습니다.')).toBeTruthy();
    expect(server.callsTo('PATCH', 'resumes/70')).toHaveLength(0);
  });

  it('adds a language with its four levels and sends it', async () => {
    server.on('PATCH', 'resumes/70', { status: 200, body: wireResume({ version: 6 }) });
    const user = userEvent.setup({ delay: null });
    renderApp('/resumes/70?mode=edit', server);
    await screen.findByRole('group', { name: '언어 1' });

    await user.click(screen.getByRole('button', { name: /언어 추가/ }));
    await user.type(entry('언어 2').getByLabelText('언어'), '영어');
    await save(user);
    await waitFor(() => expect(server.callsTo('PATCH', 'resumes/70')).toHaveLength(1));
    const body = server.callsTo('PATCH', 'resumes/70')[0]?.body as Record<string, unknown>;
    expect(body.language_skills).toEqual([
      {
        language: '한국어',
        proficiency_level: 'intermediate',
        speaking: 'intermediate',
        reading: 'elementary',
        writing: 'elementary',
      },
      {
        language: '영어',
        proficiency_level: 'elementary',
        speaking: 'elementary',
        reading: 'elementary',
        writing: 'elementary',
      },
    ]);
  });
});

describe('resume screens', () => {
  it('reads the resume: work history, languages, skills, views', async () => {
    renderApp('/resumes/70', server);
    expect(await screen.findByRole('heading', { name: '응우옌 반 안의 이력서' })).toBeTruthy();
    expect(screen.getByText('하노이 전자')).toBeTruthy();
    expect(screen.getByText(/2022\.01 ~ 현재/)).toBeTruthy();
    expect(screen.getByText('지게차')).toBeTruthy();
    expect(screen.getByText('3회')).toBeTruthy();
    const languages = within(screen.getByRole('table', { name: '어학 능력' }));
    expect(languages.getByText('한국어')).toBeTruthy();
    expect(languages.getAllByText('중급')).toHaveLength(2);
  });

  it("lists a worker's resumes with the deleted ones, and creates a draft for them", async () => {
    server.on(
      'GET',
      'resumes',
      listReply([wireResume(), wireResume({ id: 71, resume_id: 'RS-000071', is_deleted: true })]),
    );
    server.on('POST', 'resumes', {
      status: 201,
      body: wireResume({ id: 72, resume_id: 'RS-000072', status: 'draft' }),
    });
    server.on('GET', 'resumes/72', {
      status: 200,
      body: wireResume({ id: 72, resume_id: 'RS-000072', status: 'draft' }),
    });
    const user = userEvent.setup({ delay: null });
    const view = renderApp('/resumes/workers/20', server);

    expect(await screen.findByRole('heading', { name: '응우옌 반 안의 이력서' })).toBeTruthy();
    expect(server.callsTo('GET', 'resumes')[0]?.params).toMatchObject({
      worker_id: '20',
      deleted: 'include',
    });
    const deleted = within(screen.getByText('RS-000071').closest('tr') as HTMLElement);
    expect(deleted.getByText('삭제됨')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /이력서 작성/ }));
    await waitFor(() => expect(view.location()).toBe('/resumes/72?mode=edit'));
    expect(server.callsTo('POST', 'resumes')[0]?.body).toEqual({ worker_id: 20, status: 'draft' });
  });

  it('opens /resumes?status=draft filtered', async () => {
    server.on('GET', 'resumes', listReply([wireResume({ status: 'draft' })]));
    renderApp('/resumes?status=draft&deleted=only', server);
    expect(await screen.findByText('RS-000070')).toBeTruthy();
    expect(server.callsTo('GET', 'resumes').at(-1)?.params).toMatchObject({
      status: 'draft',
      deleted: 'only',
    });
    expect(screen.getByRole('heading', { name: '임시저장 이력서' })).toBeTruthy();
  });
});
