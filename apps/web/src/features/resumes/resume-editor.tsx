import {
  certificationSchema,
  educationSchema,
  fieldMessages,
  languageSkillSchema,
  PROFICIENCY_LABELS,
  PROFICIENCY_LEVELS,
  RESUME_VISIBILITIES,
  RESUME_VISIBILITY_LABELS,
  type Resume,
  referenceSchema,
  resumeContentSchema,
  workExperienceSchema,
} from '@ilson/contracts';
import { Card, Col, DatePicker, Form, type FormListFieldData, Input, Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { type ObjectSchema, schemaRule } from '../../components/form/field-errors';
import { FormActions, FormBanner } from '../../components/form/form-layout';
import { useConflictDialog, useRecordForm } from '../../components/form/use-record-form';
import { useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { parseDate, toDateString } from '../../lib/datetime';
import { koKit } from '../../locales/ko/kit';
import { koResumes } from '../../locales/ko/resumes';
import { useUpdateResume } from './api';
import { EntryList } from './entry-list';

const t = koResumes;
const required = { required: true, message: fieldMessages.required };
const LISTS = [
  'workExperience',
  'educationHistory',
  'languageSkills',
  'certifications',
  'references',
] as const;
const FIELDS = Object.keys(resumeContentSchema.shape);
const levelOptions = PROFICIENCY_LEVELS.map((value) => ({ value, label: PROFICIENCY_LABELS[value] }));
const visibilityOptions = RESUME_VISIBILITIES.map((value) => ({
  value,
  label: RESUME_VISIBILITY_LABELS[value],
}));

type Dated<T, K extends keyof T> = Omit<T, K> & { [P in K]: Dayjs | null };
type Content = Resume;
export type ResumeFormValues = {
  workExperience: Dated<Content['workExperience'][number], 'startDate' | 'endDate'>[];
  educationHistory: Dated<Content['educationHistory'][number], 'graduationDate'>[];
  languageSkills: Content['languageSkills'];
  certifications: Dated<Content['certifications'][number], 'acquiredDate' | 'expiryDate'>[];
  skills: string[];
  references: Content['references'];
  visibility: Content['visibility'];
};

export function resumeToValues(r: Resume): ResumeFormValues {
  return {
    workExperience: r.workExperience.map((entry) => ({
      ...entry,
      startDate: parseDate(entry.startDate),
      endDate: parseDate(entry.endDate),
    })),
    educationHistory: r.educationHistory.map((entry) => ({
      ...entry,
      graduationDate: parseDate(entry.graduationDate),
    })),
    languageSkills: r.languageSkills.map((entry) => ({ ...entry })),
    certifications: r.certifications.map((entry) => ({
      ...entry,
      acquiredDate: parseDate(entry.acquiredDate),
      expiryDate: parseDate(entry.expiryDate),
    })),
    skills: [...r.skills],
    references: r.references.map((entry) => ({ ...entry })),
    visibility: r.visibility,
  };
}

export function resumeValuesToInput(v: ResumeFormValues): unknown {
  const day = (value: Dayjs | null | undefined) => toDateString(value);
  return {
    ...v,
    workExperience: (v.workExperience ?? []).map((entry) => ({
      ...entry,
      startDate: day(entry.startDate) ?? '',
      endDate: day(entry.endDate),
    })),
    educationHistory: (v.educationHistory ?? []).map((entry) => ({
      ...entry,
      graduationDate: day(entry.graduationDate),
    })),
    certifications: (v.certifications ?? []).map((entry) => ({
      ...entry,
      acquiredDate: day(entry.acquiredDate),
      expiryDate: day(entry.expiryDate),
    })),
    skills: (v.skills ?? []).map((skill) => skill.trim()).filter(Boolean),
  };
}

const blanks = {
  workExperience: () => ({
    companyName: '',
    jobTitle: '',
    startDate: null,
    endDate: null,
    jobDescription: '',
    achievements: '',
  }),
  educationHistory: () => ({ schoolName: '', degree: '', fieldOfStudy: '', graduationDate: null, gpa: '' }),
  languageSkills: () => ({
    language: '',
    proficiencyLevel: 'elementary',
    speaking: 'elementary',
    reading: 'elementary',
    writing: 'elementary',
  }),
  certifications: () => ({ name: '', issuer: '', acquiredDate: null, expiryDate: null }),
  references: () => ({ name: '', relationship: '', company: '', phone: '', email: '' }),
};

/** One entry field in the card's grid: `span` of 24 columns on wide screens. */
function Cell({ span = 8, children }: { span?: number; children: ReactNode }) {
  return (
    <Col xs={24} md={span >= 12 ? 24 : 12} xl={span}>
      {children}
    </Col>
  );
}

const entryRule = (schema: ObjectSchema, key: string): Rule => schemaRule(schema, key);

/** A later date must not come before an earlier one in the same entry (퇴사일 ≥ 입사일). */
function notBefore(list: string, field: FormListFieldData, earlier: string): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: Dayjs | null) => {
      const start: Dayjs | null = getFieldValue([list, field.name, earlier]);
      if (value && start && value.isBefore(start, 'day')) throw new Error(t.endBeforeStart);
    },
  });
}

function WorkFields({ field }: { field: FormListFieldData }) {
  const w = t.work;
  const name = (key: string) => [field.name, key];
  return (
    <>
      <Cell>
        <Form.Item
          name={name('companyName')}
          label={w.companyName}
          rules={[entryRule(workExperienceSchema, 'companyName'), required]}
        >
          <Input maxLength={100} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item
          name={name('jobTitle')}
          label={w.jobTitle}
          rules={[entryRule(workExperienceSchema, 'jobTitle'), required]}
        >
          <Input maxLength={100} />
        </Form.Item>
      </Cell>
      <Cell span={4}>
        <Form.Item
          name={name('startDate')}
          label={w.startDate}
          rules={[{ required: true, message: fieldMessages.date }]}
        >
          <DatePicker style={{ width: '100%' }} placeholder={koKit.form.datePlaceholder} />
        </Form.Item>
      </Cell>
      <Cell span={4}>
        <Form.Item
          name={name('endDate')}
          label={w.endDate}
          dependencies={[['workExperience', field.name, 'startDate']]}
          rules={[notBefore('workExperience', field, 'startDate')]}
        >
          <DatePicker style={{ width: '100%' }} placeholder={w.current} />
        </Form.Item>
      </Cell>
      <Cell span={12}>
        <Form.Item name={name('jobDescription')} label={w.jobDescription} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Cell>
      <Cell span={12}>
        <Form.Item name={name('achievements')} label={w.achievements} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
      </Cell>
    </>
  );
}

function EducationFields({ field }: { field: FormListFieldData }) {
  const e = t.education;
  const name = (key: string) => [field.name, key];
  return (
    <>
      <Cell>
        <Form.Item
          name={name('schoolName')}
          label={e.schoolName}
          rules={[entryRule(educationSchema, 'schoolName'), required]}
        >
          <Input maxLength={100} />
        </Form.Item>
      </Cell>
      <Cell span={4}>
        <Form.Item name={name('degree')} label={e.degree} rules={[{ max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
      </Cell>
      <Cell span={4}>
        <Form.Item name={name('fieldOfStudy')} label={e.fieldOfStudy} rules={[{ max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
      </Cell>
      <Cell span={4}>
        <Form.Item name={name('graduationDate')} label={e.graduationDate}>
          <DatePicker style={{ width: '100%' }} placeholder={koKit.form.datePlaceholder} />
        </Form.Item>
      </Cell>
      <Cell span={4}>
        <Form.Item name={name('gpa')} label={e.gpa} rules={[{ max: 20 }]}>
          <Input maxLength={20} />
        </Form.Item>
      </Cell>
    </>
  );
}

function LanguageFields({ field }: { field: FormListFieldData }) {
  const l = t.language;
  const name = (key: string) => [field.name, key];
  return (
    <>
      <Cell span={4}>
        <Form.Item
          name={name('language')}
          label={l.language}
          rules={[entryRule(languageSkillSchema, 'language'), required]}
        >
          <Input maxLength={50} />
        </Form.Item>
      </Cell>
      {(['proficiencyLevel', 'speaking', 'reading', 'writing'] as const).map((key) => (
        <Cell key={key} span={5}>
          <Form.Item name={name(key)} label={l[key]}>
            <Select options={levelOptions} />
          </Form.Item>
        </Cell>
      ))}
    </>
  );
}

function CertificationFields({ field }: { field: FormListFieldData }) {
  const c = t.certification;
  const name = (key: string) => [field.name, key];
  return (
    <>
      <Cell>
        <Form.Item
          name={name('name')}
          label={c.name}
          rules={[entryRule(certificationSchema, 'name'), required]}
        >
          <Input maxLength={100} />
        </Form.Item>
      </Cell>
      <Cell>
        <Form.Item name={name('issuer')} label={c.issuer} rules={[{ max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
      </Cell>
      <Cell span={4}>
        <Form.Item name={name('acquiredDate')} label={c.acquiredDate}>
          <DatePicker style={{ width: '100%' }} placeholder={koKit.form.datePlaceholder} />
        </Form.Item>
      </Cell>
      <Cell span={4}>
        <Form.Item
          name={name('expiryDate')}
          label={c.expiryDate}
          dependencies={[['certifications', field.name, 'acquiredDate']]}
          rules={[notBefore('certifications', field, 'acquiredDate')]}
        >
          <DatePicker style={{ width: '100%' }} placeholder={koKit.form.datePlaceholder} />
        </Form.Item>
      </Cell>
    </>
  );
}

function ReferenceFields({ field }: { field: FormListFieldData }) {
  const r = t.reference;
  const name = (key: string) => [field.name, key];
  return (
    <>
      <Cell span={4}>
        <Form.Item name={name('name')} label={r.name} rules={[entryRule(referenceSchema, 'name'), required]}>
          <Input maxLength={50} />
        </Form.Item>
      </Cell>
      <Cell span={4}>
        <Form.Item name={name('relationship')} label={r.relationship} rules={[{ max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
      </Cell>
      <Cell span={6}>
        <Form.Item name={name('company')} label={r.company} rules={[{ max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
      </Cell>
      <Cell span={4}>
        <Form.Item name={name('phone')} label={r.phone} rules={[{ max: 20 }]}>
          <Input maxLength={20} inputMode="tel" />
        </Form.Item>
      </Cell>
      <Cell span={6}>
        <Form.Item name={name('email')} label={r.email} rules={[entryRule(referenceSchema, 'email')]}>
          <Input maxLength={254} type="email" />
        </Form.Item>
      </Cell>
    </>
  );
}

type ResumeEditorProps = {
  resume: Resume;
  reload: () => Promise<Resume | undefined>;
  exitTo: string;
};

/** The resume's edit mode: every list entry by entry, the skills as tags, the visibility. */
export function ResumeEditor({ resume, reload, exitTo }: ResumeEditorProps) {
  const [form] = Form.useForm<ResumeFormValues>();
  const [version, setVersion] = useState(resume.version);
  const update = useUpdateResume(resume.id);
  const navigate = useNavigate();
  const toast = useToast();
  const openConflict = useConflictDialog();
  const s = t.sections;
  const e = t.entry;

  const record = useRecordForm({
    form,
    schema: resumeContentSchema,
    fields: FIELDS,
    nestedLists: LISTS,
    toInput: resumeValuesToInput,
    submit: (body) => update.mutateAsync({ ...body, version }),
    onSaved: () => {
      toast.success(koKit.common.saved);
      navigate(exitTo, { replace: true });
    },
    onStaleVersion: () =>
      openConflict(async () => {
        const latest = await reload();
        if (!latest) return;
        form.resetFields();
        form.setFieldsValue(resumeToValues(latest));
        setVersion(latest.version);
        record.setDirty(false);
        toast.info(koKit.form.conflictReloaded);
      }),
  });

  return (
    <>
      <PageHeader title={t.editTitle(resume.resumeId)} />
      <Form
        form={form}
        layout="vertical"
        initialValues={resumeToValues(resume)}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        scrollToFirstError={{ block: 'center' }}
      >
        <FormBanner messages={record.banner} />
        <Card
          size="small"
          title={s.settings}
          style={{ marginBottom: 16 }}
          styles={{ body: { paddingBottom: 0 } }}
        >
          <Form.Item name="visibility" label={t.fields.visibility}>
            <Radio.Group options={visibilityOptions} optionType="button" />
          </Form.Item>
        </Card>
        <EntryList
          name="workExperience"
          title={s.workExperience}
          entryLabel={e.workExperience}
          emptyText={t.noEntries.workExperience}
          blank={blanks.workExperience}
          max={30}
        >
          {(field) => <WorkFields field={field} />}
        </EntryList>
        <EntryList
          name="educationHistory"
          title={s.educationHistory}
          entryLabel={e.educationHistory}
          emptyText={t.noEntries.educationHistory}
          blank={blanks.educationHistory}
          max={20}
        >
          {(field) => <EducationFields field={field} />}
        </EntryList>
        <EntryList
          name="languageSkills"
          title={s.languageSkills}
          entryLabel={e.languageSkills}
          emptyText={t.noEntries.languageSkills}
          blank={blanks.languageSkills}
          max={20}
        >
          {(field) => <LanguageFields field={field} />}
        </EntryList>
        <EntryList
          name="certifications"
          title={s.certifications}
          entryLabel={e.certifications}
          emptyText={t.noEntries.certifications}
          blank={blanks.certifications}
          max={30}
        >
          {(field) => <CertificationFields field={field} />}
        </EntryList>
        <Card
          size="small"
          title={s.skills}
          style={{ marginBottom: 16 }}
          styles={{ body: { paddingBottom: 0 } }}
        >
          <Form.Item name="skills" label={t.fields.skills}>
            <Select
              mode="tags"
              tokenSeparators={[',']}
              placeholder={t.skillsPlaceholder}
              open={false}
              suffixIcon={null}
            />
          </Form.Item>
        </Card>
        <EntryList
          name="references"
          title={s.references}
          entryLabel={e.references}
          emptyText={t.noEntries.references}
          blank={blanks.references}
          max={10}
        >
          {(field) => <ReferenceFields field={field} />}
        </EntryList>
        <FormActions saving={record.saving} onCancel={() => navigate(exitTo)} />
      </Form>
    </>
  );
}
