import { EyeOutlined } from '@ant-design/icons';
import { type Notice, noticeInputSchema } from '@ilson/contracts';
import { Button, Form, Result } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency';
import { useCan } from '../../auth/permissions';
import { parseId, RecordProblem, RecordState } from '../../components/detail/record-state';
import { fieldLabels } from '../../components/form/conflict-comparison';
import { FormActions, FormBanner } from '../../components/form/form-layout';
import { useRecordForm, useStaleVersionDialog } from '../../components/form/use-record-form';
import { useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { formatDateTime } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { koNotices } from '../../locales/ko/notices';
import { changeNoticeStatus, useCreateNotice, useNotice, usePreviewNotice, useUpdateNotice } from './api';
import {
  emptyNoticeValues,
  isLive,
  NOTICE_FORM_FIELDS,
  NoticeFormFields,
  type NoticeFormValues,
  noticeToValues,
  noticeValuesToInput,
} from './form';
import { PreviewModal } from './preview-modal';

const LIST_PATH = screenHref('notice-list');
const t = koNotices;

type Intent = 'draft' | 'publish' | 'save';

/** The preview button and its modal: the server sanitises the editor's HTML and answers what it would store. */
function usePreview(form: ReturnType<typeof Form.useForm<NoticeFormValues>>[0]) {
  const preview = usePreviewNotice();
  const [open, setOpen] = useState(false);
  const [html, setHtml] = useState<string | null>(null);
  const values = Form.useWatch([], form) as Partial<NoticeFormValues> | undefined;

  const show = async () => {
    setHtml(null);
    setOpen(true);
    try {
      setHtml(await preview.mutateAsync(form.getFieldValue('content') ?? ''));
    } catch {
      setOpen(false);
    }
  };

  const button = (
    <Button icon={<EyeOutlined />} onClick={show} loading={preview.isPending}>
      {t.preview}
    </Button>
  );
  const modal = (
    <PreviewModal
      open={open}
      loading={preview.isPending}
      title={values?.title ?? ''}
      audience={values?.audience ?? 'all'}
      html={html}
      onClose={() => setOpen(false)}
    />
  );
  return { button, modal };
}

/** A future publication time turns 게시 into 예약 게시. */
function usePublishLabel(form: ReturnType<typeof Form.useForm<NoticeFormValues>>[0]) {
  const publishAt = Form.useWatch('publishAt', form);
  return publishAt?.isValid() && publishAt.isAfter(dayjs()) ? t.schedule : t.publish;
}

function savedMessage(notice: Notice) {
  if (notice.status === 'draft') return t.draftSaved;
  if (notice.isScheduled && notice.publishedAt) return t.scheduledSaved(formatDateTime(notice.publishedAt));
  return notice.status === 'published' ? t.published : koKit.common.saved;
}

function NoticeCreate() {
  const [form] = Form.useForm<NoticeFormValues>();
  const create = useCreateNotice();
  const navigate = useNavigate();
  const toast = useToast();
  const intent = useRef<Intent>('publish');
  const preview = usePreview(form);
  const publishLabel = usePublishLabel(form);

  const record = useRecordForm({
    form,
    schema: noticeInputSchema,
    fields: NOTICE_FORM_FIELDS,
    toInput: noticeValuesToInput,
    submit: (body) =>
      create.mutateAsync({
        body: { ...body, status: intent.current === 'publish' ? 'published' : 'draft' },
        idempotencyKey: newIdempotencyKey(),
      }),
    onSaved: (notice) => {
      toast.success(savedMessage(notice));
      navigate(screenHref('notice-detail', { id: notice.id }), { replace: true });
    },
  });

  return (
    <>
      <PageHeader />
      <Form
        form={form}
        layout="vertical"
        initialValues={emptyNoticeValues}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        scrollToFirstError={{ block: 'center' }}
      >
        <FormBanner messages={record.banner} />
        <NoticeFormFields />
        <FormActions
          saving={record.saving}
          onCancel={() => navigate(LIST_PATH)}
          submitLabel={publishLabel}
          onSubmitClick={() => {
            intent.current = 'publish';
          }}
          secondary={
            <>
              {preview.button}
              <Button
                htmlType="submit"
                disabled={record.saving}
                onClick={() => {
                  intent.current = 'draft';
                }}
              >
                {t.saveDraft}
              </Button>
            </>
          }
        />
      </Form>
      {preview.modal}
    </>
  );
}

type EditProps = { notice: Notice; reload: () => Promise<Notice | undefined> };

function NoticeEditForm({ notice, reload }: EditProps) {
  const [form] = Form.useForm<NoticeFormValues>();
  const [version, setVersion] = useState(notice.version);
  const update = useUpdateNotice(notice.id);
  const navigate = useNavigate();
  const toast = useToast();
  const staleVersion = useStaleVersionDialog({
    form,
    latest: reload,
    toValues: noticeToValues,
    setVersion,
    labels: fieldLabels(NOTICE_FORM_FIELDS, koNotices.fields),
    // The body is HTML: compared as its text.
    format: (field, value) =>
      field === 'content' && typeof value === 'string'
        ? value
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim()
            .slice(0, 120) || '—'
        : undefined,
  });
  const preview = usePreview(form);
  const publishLabel = usePublishLabel(form);
  const detailPath = screenHref('notice-detail', { id: notice.id });
  const isDraft = notice.status === 'draft';
  const locked = isLive(notice);
  const intent = useRef<Intent>('save');

  const record = useRecordForm({
    form,
    schema: noticeInputSchema,
    fields: NOTICE_FORM_FIELDS,
    toInput: noticeValuesToInput,
    submit: async ({ publishAt, ...body }) => {
      const saved = await update.mutateAsync({ ...body, ...(locked ? {} : { publishAt }), version });
      if (intent.current !== 'publish') return saved;
      return changeNoticeStatus(notice.id, { status: 'published', version: saved.version });
    },
    onSaved: (saved) => {
      toast.success(intent.current === 'save' ? koKit.common.saved : savedMessage(saved));
      navigate(detailPath, { replace: true });
    },
    onStaleVersion: () => staleVersion(() => record.setDirty(false)),
  });

  return (
    <>
      <PageHeader title={koKit.common.editTitle(notice.title)} />
      <Form
        form={form}
        layout="vertical"
        initialValues={noticeToValues(notice)}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        scrollToFirstError={{ block: 'center' }}
      >
        <FormBanner messages={record.banner} />
        <NoticeFormFields publishAtLocked={locked} />
        <FormActions
          saving={record.saving}
          onCancel={() => navigate(detailPath)}
          submitLabel={isDraft ? publishLabel : koKit.common.save}
          onSubmitClick={() => {
            intent.current = isDraft ? 'publish' : 'save';
          }}
          secondary={
            <>
              {preview.button}
              {isDraft && (
                <Button
                  htmlType="submit"
                  disabled={record.saving}
                  onClick={() => {
                    intent.current = 'draft';
                  }}
                >
                  {t.saveDraft}
                </Button>
              )}
            </>
          }
        />
      </Form>
      {preview.modal}
    </>
  );
}

function NoticeEdit({ id }: { id: number | null }) {
  const result = useNotice(id);
  if (id === null) return <RecordProblem error={null} listPath={LIST_PATH} />;
  return (
    <RecordState result={result} listPath={LIST_PATH}>
      {(notice) => <NoticeEditForm notice={notice} reload={async () => (await result.refetch()).data} />}
    </RecordState>
  );
}

/** `/notices/new` and `/notices/:id/edit`. */
export default function NoticeFormPage() {
  const { id } = useParams();
  const can = useCan();
  if (!can('notices:write')) {
    return (
      <>
        <PageHeader />
        <Result status="403" title={koKit.detail.forbiddenTitle} />
      </>
    );
  }
  return id === undefined ? <NoticeCreate /> : <NoticeEdit id={parseId(id)} />;
}
