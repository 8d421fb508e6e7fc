import {
  fieldMessages,
  NOTICE_AUDIENCE_LABELS,
  NOTICE_AUDIENCES,
  type Notice,
  type NoticeAudience,
  noticeInputSchema,
} from '@ilson/contracts';
import { Card, Col, DatePicker, Form, Input, Radio, Row, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { schemaRule } from '../../components/form/field-errors';
import { koKit } from '../../locales/ko/kit';
import { koNotices } from '../../locales/ko/notices';
import { RichTextEditor } from './rich-text-editor';

const t = koNotices;
const f = t.fields;

export type NoticeFormValues = {
  title: string;
  content: string;
  audience: NoticeAudience;
  isPinned: boolean;
  publishAt: Dayjs | null;
};

export const NOTICE_FORM_FIELDS = Object.keys(noticeInputSchema.shape);

export const emptyNoticeValues: NoticeFormValues = {
  title: '',
  content: '',
  audience: 'all',
  isPinned: false,
  publishAt: null,
};

export function noticeToValues(notice: Notice): NoticeFormValues {
  return {
    title: notice.title,
    content: notice.content,
    audience: notice.audience,
    isPinned: notice.isPinned,
    publishAt: notice.publishAt ? dayjs(notice.publishAt) : null,
  };
}

export function noticeValuesToInput(values: NoticeFormValues): unknown {
  return {
    ...values,
    title: values.title ?? '',
    content: values.content ?? '',
    publishAt: values.publishAt?.isValid() ? values.publishAt.toISOString() : null,
  };
}

/** A notice already live keeps its publication time (the server refuses to move it). */
export const isLive = (notice: Pick<Notice, 'status' | 'isScheduled'> | undefined) =>
  notice?.status === 'published' && !notice.isScheduled;

const audienceOptions = NOTICE_AUDIENCES.map((value) => ({ value, label: NOTICE_AUDIENCE_LABELS[value] }));
const rule = (field: string) => schemaRule(noticeInputSchema, field, { checkEmpty: true });

/** Title and editor on the left, who sees it and when on the right; the page around them owns the submit. */
export function NoticeFormFields({ publishAtLocked }: { publishAtLocked?: boolean }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} xl={17}>
        <Card size="small" title={t.editorSections.content} styles={{ body: { paddingBottom: 0 } }}>
          <Form.Item name="title" label={f.title} required rules={[rule('title')]}>
            <Input maxLength={200} showCount placeholder={t.titlePlaceholder} />
          </Form.Item>
          <Form.Item name="content" label={f.content} required rules={[rule('content')]}>
            <RichTextEditor label={f.content} placeholder={t.contentPlaceholder} />
          </Form.Item>
        </Card>
      </Col>
      <Col xs={24} xl={7}>
        <Card size="small" title={t.editorSections.settings} styles={{ body: { paddingBottom: 0 } }}>
          <Form.Item
            name="audience"
            label={f.audience}
            rules={[{ required: true, message: fieldMessages.required }]}
          >
            <Radio.Group options={audienceOptions} optionType="button" buttonStyle="solid" />
          </Form.Item>
          <Form.Item name="isPinned" label={f.isPinned} valuePropName="checked" extra={t.pinnedHelp}>
            <Switch />
          </Form.Item>
          <Form.Item
            name="publishAt"
            label={f.publishAt}
            extra={publishAtLocked ? t.publishAtLocked : t.publishAtHelp}
            rules={[
              {
                validator: async (_rule, value: Dayjs | null | undefined) => {
                  if (!publishAtLocked && value?.isValid() && value.isBefore(dayjs())) {
                    throw new Error(t.publishAtPast);
                  }
                },
              },
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm', minuteStep: 5 }}
              format="YYYY-MM-DD HH:mm"
              needConfirm={false}
              disabled={publishAtLocked}
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              style={{ width: '100%' }}
              placeholder={koKit.form.dateTimePlaceholder}
            />
          </Form.Item>
        </Card>
      </Col>
    </Row>
  );
}
