import { type JobPost, jobPostInputSchema } from '@ilson/contracts';
import { Alert, Button, Form, Result } from 'antd';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { classifyError } from '../../api/errors';
import { newIdempotencyKey } from '../../api/idempotency';
import { useCan } from '../../auth/permissions';
import { parseId, RecordProblem, RecordState } from '../../components/detail/record-state';
import { fieldLabels } from '../../components/form/conflict-comparison';
import { FormActions, FormBanner } from '../../components/form/form-layout';
import { useRecordForm, useStaleVersionDialog } from '../../components/form/use-record-form';
import { useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { koJobPosts } from '../../locales/ko/job-posts';
import { koKit } from '../../locales/ko/kit';
import { changeJobPostStatus, useCreateJobPost, useJobPost, useMinimumWages, useUpdateJobPost } from './api';
import {
  emptyJobPostValues,
  JOB_POST_FORM_FIELDS,
  JobPostFormFields,
  type JobPostFormValues,
  jobPostToValues,
  jobPostValuesToInput,
} from './form';

const LIST_PATH = screenHref('job-post-list');
const t = koJobPosts;

/** The minimum wages for the live warning, for those allowed to read the settings (else the server's 422). */
function useWages() {
  const can = useCan();
  return useMinimumWages(can('settings:read')).data;
}

function JobPostCreate() {
  const [form] = Form.useForm<JobPostFormValues>();
  const create = useCreateJobPost();
  const navigate = useNavigate();
  const toast = useToast();
  const minimumWages = useWages();
  // From an employer's page: its posts start with it picked.
  const [searchParams] = useSearchParams();
  const employerId = parseId(searchParams.get('employer_id') ?? undefined) ?? undefined;
  // Which button sent the form: 임시저장 keeps a draft, 검토 요청 goes to review.
  const submitForReview = useRef(true);

  const record = useRecordForm({
    form,
    schema: jobPostInputSchema,
    fields: JOB_POST_FORM_FIELDS,
    toInput: jobPostValuesToInput,
    submit: (body) =>
      create.mutateAsync({
        body: { ...body, submit: submitForReview.current },
        idempotencyKey: newIdempotencyKey(),
      }),
    onSaved: (post) => {
      toast.success(post.status === 'draft' ? t.draftSaved : t.submitted);
      navigate(screenHref('job-post-detail', { id: post.id }), { replace: true });
    },
  });

  return (
    <>
      <PageHeader />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...emptyJobPostValues, employerId }}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        scrollToFirstError={{ block: 'center' }}
      >
        <FormBanner messages={record.banner} refusal={record.refusal} />
        <JobPostFormFields form={form} minimumWages={minimumWages} />
        <FormActions
          saving={record.saving}
          onCancel={() => navigate(LIST_PATH)}
          submitLabel={t.submitReview}
          onSubmitClick={() => {
            submitForReview.current = true;
          }}
          secondary={
            <Button
              htmlType="submit"
              disabled={record.saving}
              onClick={() => {
                submitForReview.current = false;
              }}
            >
              {t.saveDraft}
            </Button>
          }
        />
      </Form>
    </>
  );
}

type EditProps = { post: JobPost; reload: () => Promise<JobPost | undefined> };

function JobPostEditForm({ post, reload }: EditProps) {
  const can = useCan();
  const [form] = Form.useForm<JobPostFormValues>();
  const [version, setVersion] = useState(post.version);
  const update = useUpdateJobPost(post.id);
  const navigate = useNavigate();
  const toast = useToast();
  const staleVersion = useStaleVersionDialog({
    form,
    latest: reload,
    toValues: jobPostToValues,
    setVersion,
    labels: fieldLabels(JOB_POST_FORM_FIELDS, koJobPosts.fields),
  });
  const minimumWages = useWages();
  const detailPath = screenHref('job-post-detail', { id: post.id });
  const canSubmit = post.status === 'draft' || post.status === 'rejected';
  // The server sends a published post edited by a non-approver back to review: say so before saving.
  const backToReview = (post.status === 'active' || post.status === 'suspended') && !can('job_posts:approve');
  const submitAfterSave = useRef(false);

  const record = useRecordForm({
    form,
    schema: jobPostInputSchema,
    fields: JOB_POST_FORM_FIELDS,
    toInput: jobPostValuesToInput,
    submit: async (body) => {
      const saved = await update.mutateAsync({ ...body, version });
      if (submitAfterSave.current) {
        await changeJobPostStatus(post.id, { status: 'pending', version: saved.version }).catch((error) => {
          // Saved, but not sent to review: say why; the detail page shows the status as it is.
          submitAfterSave.current = false;
          toast.error(classifyError(error).message);
        });
      }
      return saved;
    },
    onSaved: () => {
      toast.success(submitAfterSave.current ? t.submitted : koKit.common.saved);
      navigate(detailPath, { replace: true });
    },
    onStaleVersion: () => staleVersion(() => record.setDirty(false)),
  });

  if (post.status === 'closed') {
    return (
      <>
        <PageHeader title={post.title} />
        <Result
          status="warning"
          title={t.notEditable}
          extra={
            <Link to={detailPath}>
              <Button type="primary">{t.backToPost}</Button>
            </Link>
          }
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={koKit.common.editTitle(post.title)} />
      <Form
        form={form}
        layout="vertical"
        initialValues={jobPostToValues(post)}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        scrollToFirstError={{ block: 'center' }}
      >
        <FormBanner messages={record.banner} refusal={record.refusal} />
        {backToReview && (
          <Alert type="warning" showIcon title={t.backToReviewHint} style={{ marginBottom: 16 }} />
        )}
        <JobPostFormFields
          form={form}
          employer={{ id: post.employerId, companyName: post.employerName, businessRegNo: '' }}
          employerLocked={post.publishedAt !== null}
          minimumWages={minimumWages}
        />
        <FormActions
          saving={record.saving}
          onCancel={() => navigate(detailPath)}
          submitLabel={canSubmit ? t.saveAndSubmit : koKit.common.save}
          onSubmitClick={() => {
            submitAfterSave.current = canSubmit;
          }}
          secondary={
            canSubmit && (
              <Button
                htmlType="submit"
                disabled={record.saving}
                onClick={() => {
                  submitAfterSave.current = false;
                }}
              >
                {koKit.common.save}
              </Button>
            )
          }
        />
      </Form>
    </>
  );
}

function JobPostEdit({ id }: { id: number | null }) {
  const result = useJobPost(id);
  if (id === null) return <RecordProblem error={null} listPath={LIST_PATH} />;
  return (
    <RecordState result={result} listPath={LIST_PATH}>
      {(post) => <JobPostEditForm post={post} reload={async () => (await result.refetch()).data} />}
    </RecordState>
  );
}

/** `/job-posts/new` and `/job-posts/:id/edit`. */
export default function JobPostFormPage() {
  const { id } = useParams();
  return id === undefined ? <JobPostCreate /> : <JobPostEdit id={parseId(id)} />;
}
