import {
  type JobPost,
  jobPostsApi,
  KOREAN_LEVEL_LABELS,
  matchingCreateSchema,
  nationalityLabel,
  SALARY_TYPE_LABELS,
  SALARY_TYPES,
  type SalaryType,
  VISA_TYPE_LABELS,
  WORKER_STATUS_LABELS,
  type Worker,
  workersApi,
} from '@ilson/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Descriptions, Form, Input, InputNumber, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { endpointQuery } from '../../api/endpoint';
import { newIdempotencyKey } from '../../api/idempotency';
import { settingsQuery } from '../../api/settings';
import { useCan } from '../../auth/permissions';
import { parseId } from '../../components/detail/record-state';
import { schemaRule } from '../../components/form/field-errors';
import { FormActions, FormBanner } from '../../components/form/form-layout';
import { formatWon, parseWon } from '../../components/form/formatters';
import { useRecordForm } from '../../components/form/use-record-form';
import { JobPostPicker, WorkerPicker } from '../../components/pickers/pickers';
import { useToast } from '../../components/toast';
import { VisaValidityTag } from '../../components/visa-validity-tag';
import { PageHeader } from '../../layout/page-header';
import { toDateString } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koJobPosts } from '../../locales/ko/job-posts';
import { koKit } from '../../locales/ko/kit';
import { koMatchings } from '../../locales/ko/matchings';
import { koWorkers } from '../../locales/ko/workers';
import { useCreateMatching, useEligibility, useWorkerResumeOptions } from './api';
import { EligibilityPanel, eligibilityState } from './eligibility-panel';

const t = koMatchings;
const f = t.fields;
const none = koKit.common.none;
const rule = (field: string) => schemaRule(matchingCreateSchema, field, { checkEmpty: true });
const salaryOptions = SALARY_TYPES.map((value) => ({ value, label: SALARY_TYPE_LABELS[value] }));

type MatchingFormValues = {
  jobPostId?: number;
  workerId?: number;
  resumeId?: number | null;
  startDate: Dayjs | null;
  agreedSalaryType?: SalaryType | null;
  agreedSalaryAmount?: number | null;
  feeAmount?: number | null;
  memo: string;
  overrideReason?: string;
};

function toInput(values: MatchingFormValues) {
  return {
    ...values,
    resumeId: values.resumeId ?? null,
    startDate: toDateString(values.startDate),
    agreedSalaryType: values.agreedSalaryType ?? null,
    agreedSalaryAmount: values.agreedSalaryAmount ?? null,
    feeAmount: values.feeAmount ?? null,
    overrideReason: values.overrideReason?.trim() || undefined,
  };
}

/** A link from a post or a worker opens this page with it picked. */
function usePrefill() {
  const [searchParams] = useSearchParams();
  const state = useLocation().state as { worker?: Worker } | null;
  const jobPostId = parseId(searchParams.get('job_post_id') ?? undefined);
  const workerId = parseId(searchParams.get('worker_id') ?? undefined);
  const post = useQuery({
    ...endpointQuery(jobPostsApi.get, { params: { id: jobPostId ?? 0 } }),
    enabled: jobPostId !== null,
    meta: { errorToast: false },
  });
  const stateWorker = state?.worker?.id === workerId ? state?.worker : undefined;
  const worker = useQuery({
    ...endpointQuery(workersApi.get, { params: { id: workerId ?? 0 } }),
    enabled: workerId !== null && !stateWorker,
    meta: { errorToast: false },
  });
  return {
    jobPostId: jobPostId ?? undefined,
    workerId: workerId ?? undefined,
    post: post.data ?? null,
    worker: stateWorker ?? worker.data ?? null,
  };
}

function PostSummary({ post }: { post: JobPost }) {
  return (
    <Descriptions
      size="small"
      column={1}
      style={{ marginTop: -8, marginBottom: 16 }}
      styles={{ label: { width: 110 } }}
      items={[
        { key: 'employer', label: f.employer, children: post.employerName },
        {
          key: 'pay',
          label: koJobPosts.fields.pay,
          children: `${SALARY_TYPE_LABELS[post.salaryType]} ${koKit.common.won(post.salaryAmount)}`,
        },
        {
          key: 'visas',
          label: koJobPosts.fields.allowedVisaTypes,
          children: post.allowedVisaTypes.join(', '),
        },
        {
          key: 'headcount',
          label: koJobPosts.fields.filled,
          children: koJobPosts.headcount(post.filledCount, post.headcount),
        },
      ]}
    />
  );
}

function WorkerSummary({ worker }: { worker: Worker }) {
  return (
    <Descriptions
      size="small"
      column={1}
      style={{ marginTop: -8, marginBottom: 16 }}
      styles={{ label: { width: 110 } }}
      items={[
        { key: 'nationality', label: f.nationality, children: nationalityLabel(worker.nationality) },
        {
          key: 'visa',
          label: f.visaType,
          children: (
            <>
              {VISA_TYPE_LABELS[worker.visaType]}{' '}
              {worker.visaValidity !== 'valid' && <VisaValidityTag validity={worker.visaValidity} />}
            </>
          ),
        },
        {
          key: 'expiry',
          label: koWorkers.fields.visaExpiryDate,
          children: worker.visaExpiryDate ?? none,
        },
        {
          key: 'korean',
          label: koWorkers.fields.koreanLevel,
          children: KOREAN_LEVEL_LABELS[worker.koreanLevel],
        },
        {
          key: 'status',
          label: koWorkers.fields.status,
          children: WORKER_STATUS_LABELS[worker.status],
        },
      ]}
    />
  );
}

export default function MatchingNewPage() {
  const [form] = Form.useForm<MatchingFormValues>();
  const can = useCan();
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateMatching();
  const prefill = usePrefill();
  const canOverride = can('matchings:override');
  const [post, setPost] = useState<JobPost | null>(null);
  const [worker, setWorker] = useState<Worker | null>(null);
  const jobPostId = Form.useWatch('jobPostId', form);
  const workerId = Form.useWatch('workerId', form);
  const startDate = toDateString(Form.useWatch('startDate', form));
  const eligibility = useEligibility(jobPostId, workerId, startDate);
  const picked = jobPostId !== undefined && workerId !== undefined;
  const state = eligibilityState(eligibility, picked, canOverride);
  const resumes = useWorkerResumeOptions(workerId);
  const defaultFee = useQuery({
    ...settingsQuery,
    enabled: can('settings:read'),
    select: (settings) => settings.defaultMatchingFee,
  }).data;

  const shownPost = post ?? (prefill.post?.id === jobPostId ? prefill.post : null);
  const shownWorker = worker ?? (prefill.worker?.id === workerId ? prefill.worker : null);

  // Terms start from the post's pay and the usual fee; the user may change them.
  const applyPost = (next: JobPost | null) => {
    setPost(next);
    if (next)
      form.setFieldsValue({ agreedSalaryType: next.salaryType, agreedSalaryAmount: next.salaryAmount });
  };
  useEffect(() => {
    if (
      prefill.post &&
      form.getFieldValue('jobPostId') === prefill.post.id &&
      !form.getFieldValue('agreedSalaryType')
    ) {
      form.setFieldsValue({
        agreedSalaryType: prefill.post.salaryType,
        agreedSalaryAmount: prefill.post.salaryAmount,
      });
    }
  }, [prefill.post, form]);
  useEffect(() => {
    if (defaultFee !== undefined && form.getFieldValue('feeAmount') == null)
      form.setFieldsValue({ feeAmount: defaultFee });
  }, [defaultFee, form]);

  const fields = [...Object.keys(matchingCreateSchema.shape)].filter(
    (field) => field !== 'overrideReason' || canOverride,
  );
  const record = useRecordForm({
    form,
    schema: matchingCreateSchema,
    fields,
    toInput: (values: MatchingFormValues) => ({
      ...toInput(values),
      overrideReason: state.warnings.length > 0 ? toInput(values).overrideReason : undefined,
    }),
    submit: (body) => create.mutateAsync({ body, idempotencyKey: newIdempotencyKey() }),
    onSaved: (matching) => {
      toast.success(t.created);
      navigate(screenHref('matching-detail', { id: matching.id }), { replace: true });
    },
  });

  // The server re-checks on submit; if it found something new, show the fresh answer.
  useEffect(() => {
    if (record.banner.length > 0 || record.refusal) void eligibility.refetch();
  }, [record.banner, record.refusal, eligibility.refetch]);

  return (
    <>
      <PageHeader />
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          jobPostId: prefill.jobPostId,
          workerId: prefill.workerId,
          startDate: null,
          memo: '',
          resumeId: null,
        }}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        scrollToFirstError={{ block: 'center' }}
      >
        <FormBanner messages={record.banner} refusal={record.refusal} />
        <Row gutter={[24, 0]}>
          <Col xs={24} lg={14} xxl={15}>
            <Card size="small" title={t.sections.pair} style={{ marginBottom: 16 }}>
              <Form.Item name="jobPostId" label={f.jobPostId} required rules={[rule('jobPostId')]}>
                <JobPostPicker
                  placeholder={koJobPosts.searchPlaceholder}
                  selected={shownPost}
                  onChange={(_id, next) => applyPost(next ?? null)}
                />
              </Form.Item>
              {shownPost && <PostSummary post={shownPost} />}
              <Form.Item name="workerId" label={f.workerId} required rules={[rule('workerId')]}>
                <WorkerPicker
                  placeholder={koWorkers.pickerPlaceholder}
                  selected={shownWorker}
                  onChange={(_id, next) => {
                    setWorker(next ?? null);
                    form.setFieldsValue({ resumeId: null });
                  }}
                />
              </Form.Item>
              {shownWorker && <WorkerSummary worker={shownWorker} />}
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="startDate" label={f.startDate}>
                    <DatePicker style={{ width: '100%' }} placeholder={koKit.form.datePlaceholder} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="resumeId" label={f.resumeId}>
                    <Select
                      allowClear
                      disabled={workerId === undefined}
                      loading={resumes.isFetching}
                      placeholder={t.resumeNone}
                      options={(resumes.data ?? []).map((resume) => ({
                        value: resume.id,
                        label: `${resume.resumeId} (${resume.updatedAt.slice(0, 10)})`,
                      }))}
                    />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
            <Card size="small" title={t.sections.terms} style={{ marginBottom: 16 }}>
              <Row gutter={16}>
                <Col xs={24} md={8}>
                  <Form.Item name="agreedSalaryType" label={f.agreedSalaryType}>
                    <Select allowClear options={salaryOptions} placeholder={koKit.form.selectPlaceholder} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="agreedSalaryAmount" label={f.agreedSalaryAmount}>
                    <InputNumber<number>
                      min={1}
                      precision={0}
                      formatter={formatWon}
                      parser={parseWon}
                      suffix="원"
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="feeAmount" label={f.feeAmount}>
                    <InputNumber<number>
                      min={0}
                      precision={0}
                      formatter={formatWon}
                      parser={parseWon}
                      suffix="원"
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="memo" label={f.memo} rules={[{ max: 2000 }]}>
                <Input.TextArea rows={3} maxLength={2000} showCount placeholder={t.memoPlaceholder} />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} lg={10} xxl={9}>
            <div style={{ position: 'sticky', top: 0 }}>
              <EligibilityPanel
                picked={picked}
                result={eligibility}
                state={state}
                canOverride={canOverride}
              />
            </div>
          </Col>
        </Row>
        <SubmitBar
          saving={record.saving}
          disabled={!state.canSubmit}
          onCancel={() => navigate(screenHref('matching-list'))}
        />
      </Form>
    </>
  );
}

function SubmitBar({
  saving,
  disabled,
  onCancel,
}: {
  saving: boolean;
  disabled: boolean;
  onCancel: () => void;
}) {
  return (
    <FormActions
      saving={saving}
      onCancel={onCancel}
      submitLabel={koMatchings.create}
      submitDisabled={disabled}
    />
  );
}
