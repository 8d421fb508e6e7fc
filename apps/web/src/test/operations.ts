/** Wire shapes (snake_case, as the server sends them) of notices, reviews, app users and payouts. */
const stamp = { created_at: '2024-05-01T01:00:00.000Z', updated_at: '2024-05-02T02:00:00.000Z' };

export function wireNotice(overrides: Record<string, unknown> = {}) {
  return {
    id: 30,
    title: '설 연휴 고객센터 운영 안내',
    content: '<p>설 연휴 기간 고객센터는 <strong>휴무</strong>입니다.</p>',
    audience: 'all',
    is_pinned: false,
    status: 'published',
    publish_at: null,
    published_at: '2024-05-01T01:00:00.000Z',
    is_scheduled: false,
    view_count: 42,
    author_admin_id: 1,
    author_name: '김관리',
    ...stamp,
    version: 2,
    ...overrides,
  };
}

export function wireReview(overrides: Record<string, unknown> = {}) {
  return {
    id: 100,
    matching_id: 90,
    reviewer_type: 'employer',
    employer_id: 10,
    employer_name: '가나다제조 주식회사',
    worker_id: 20,
    worker_name: '응우옌 반 안',
    branch_id: 1,
    rating: 4,
    content: '성실하게 근무했고 동료들과도 잘 지냈습니다.',
    report_count: 0,
    status: 'pending',
    moderation_reason: null,
    moderated_by: null,
    moderated_by_name: null,
    moderated_at: null,
    ...stamp,
    version: 1,
    ...overrides,
  };
}

export function wireAppUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 12,
    user_type: 'worker',
    login_id: 'nguyen95',
    email: 'nguyen@example.com',
    phone: '01098765432',
    name: '응우옌 반 안',
    employer_id: null,
    worker_id: 20,
    linked_name: '응우옌 반 안',
    branch_id: 1,
    preferred_language: 'vi',
    last_login_at: '2024-05-01T03:00:00.000Z',
    status: 'active',
    status_reason: null,
    joined_at: '2024-01-10T01:00:00.000Z',
    updated_at: '2024-05-02T02:00:00.000Z',
    version: 3,
    ...overrides,
  };
}

export function wirePayout(overrides: Record<string, unknown> = {}) {
  return {
    id: 200,
    matching_id: 90,
    employer_id: 10,
    employer_name: '가나다제조 주식회사',
    worker_id: 20,
    worker_name: '응우옌 반 안',
    branch_id: 1,
    type: 'matching_fee',
    amount: 300_000,
    vat: 30_000,
    total: 330_000,
    last_edited_by: 7,
    last_editor_name: '정산담당',
    method: 'bank_transfer',
    bank_name: '국민은행',
    account_no: '********6789',
    account_holder: '가나다제조',
    scheduled_date: '2024-05-10',
    paid_at: null,
    memo: '',
    status: 'pending',
    status_reason: null,
    legal_basis_note: null,
    legal_basis_by: null,
    legal_basis_by_name: null,
    legal_basis_at: null,
    ...stamp,
    version: 2,
    ...overrides,
  };
}

export const payoutTotals = (rows: Partial<Record<string, [number, number, number]>> = {}) =>
  ['pending', 'approved', 'paid', 'cancelled', 'failed'].map((status) => {
    const [count, amount, vat] = rows[status] ?? [0, 0, 0];
    return { status, count, amount, vat, total: amount + vat };
  });
