import {
  DUTIES_BY_INDUSTRY,
  DUTY_LABELS,
  type Duty,
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  type Employer,
  type EmploymentType,
  fieldMessages,
  type Industry,
  type JobPost,
  jobPostInputSchema,
  KOREAN_LEVEL_LABELS,
  KOREAN_LEVELS,
  type KoreanLevel,
  MEAL_OPTION_LABELS,
  MEAL_OPTIONS,
  type MealOption,
  REGIONS,
  SALARY_TYPE_LABELS,
  SALARY_TYPES,
  type SalaryType,
  VISA_TYPE_LABELS,
  VISA_TYPES,
  type VisaType,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
} from '@ilson/contracts';
import {
  Checkbox,
  DatePicker,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Select,
  Switch,
  TimePicker,
} from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import dayjs, { type Dayjs } from 'dayjs';
import { AddressInput } from '../../components/form/address-input';
import { schemaRule } from '../../components/form/field-errors';
import { FormSection, WideField } from '../../components/form/form-layout';
import { formatWon, parseWon, typePostalCode } from '../../components/form/formatters';
import { IndustrySelect } from '../../components/industry-select';
import { EmployerPicker } from '../../components/pickers/pickers';
import { parseDate, toDateString, todayInSeoul } from '../../lib/datetime';
import { koJobPosts } from '../../locales/ko/job-posts';
import { koKit } from '../../locales/ko/kit';
import { WageHint } from './wage-hint';

const t = koJobPosts;
const f = t.fields;
const required = { required: true, message: fieldMessages.required };
const rule = (field: string, checkEmpty = false) => schemaRule(jobPostInputSchema, field, { checkEmpty });
const select = koKit.form.selectPlaceholder;
const TIME_FORMAT = 'HH:mm';

export type JobPostFormValues = {
  employerId?: number;
  title: string;
  industry?: Industry;
  duty: Duty;
  jobDescription: string;
  isSimpleLabour: boolean;
  headcount: number | null;
  region?: string;
  zipCode: string;
  workAddress: string;
  employmentType: EmploymentType;
  contractMonths: number | null;
  workDays: Weekday[];
  workStartTime: Dayjs | null;
  workEndTime: Dayjs | null;
  breakMinutes: number | null;
  salaryType: SalaryType;
  salaryAmount: number | null;
  dormitoryProvided: boolean;
  mealProvided: MealOption;
  allowedVisaTypes: VisaType[];
  requiredKoreanLevel: KoreanLevel;
  deadline: Dayjs | null;
};

export const JOB_POST_FORM_FIELDS = Object.keys(jobPostInputSchema.shape);

const time = (value: string) => dayjs(`2000-01-01T${value}`);

export const emptyJobPostValues: JobPostFormValues = {
  title: '',
  jobDescription: '',
  isSimpleLabour: true,
  headcount: 1,
  zipCode: '',
  workAddress: '',
  employmentType: 'full_time',
  contractMonths: 12,
  workDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
  workStartTime: time('09:00'),
  workEndTime: time('18:00'),
  breakMinutes: 60,
  salaryType: 'monthly',
  salaryAmount: null,
  dormitoryProvided: false,
  mealProvided: 'none',
  allowedVisaTypes: [],
  duty: 'general',
  requiredKoreanLevel: 'none',
  deadline: null,
};

export function jobPostToValues(post: JobPost): JobPostFormValues {
  return {
    employerId: post.employerId,
    title: post.title,
    industry: post.industry,
    duty: post.duty,
    jobDescription: post.jobDescription,
    isSimpleLabour: post.isSimpleLabour,
    headcount: post.headcount,
    region: post.region,
    zipCode: post.zipCode,
    workAddress: post.workAddress,
    employmentType: post.employmentType,
    contractMonths: post.contractMonths,
    workDays: [...post.workDays],
    workStartTime: time(post.workStartTime),
    workEndTime: time(post.workEndTime),
    breakMinutes: post.breakMinutes,
    salaryType: post.salaryType,
    salaryAmount: post.salaryAmount,
    dormitoryProvided: post.dormitoryProvided,
    mealProvided: post.mealProvided,
    allowedVisaTypes: [...post.allowedVisaTypes],
    requiredKoreanLevel: post.requiredKoreanLevel,
    deadline: parseDate(post.deadline),
  };
}

const timeString = (value: Dayjs | null | undefined) => (value?.isValid() ? value.format(TIME_FORMAT) : '');

export function jobPostValuesToInput(values: JobPostFormValues): unknown {
  return {
    ...values,
    workStartTime: timeString(values.workStartTime),
    workEndTime: timeString(values.workEndTime),
    deadline: toDateString(values.deadline),
    headcount: values.headcount ?? undefined,
    breakMinutes: values.breakMinutes ?? 0,
    salaryAmount: values.salaryAmount ?? undefined,
    // Orderly on the wire, whatever order the boxes were ticked in.
    workDays: WEEKDAYS.filter((day) => values.workDays?.includes(day)),
  };
}

const regionOptions = REGIONS.map((value) => ({ value, label: value }));
const employmentOptions = EMPLOYMENT_TYPES.map((value) => ({ value, label: EMPLOYMENT_TYPE_LABELS[value] }));
const dayOptions = WEEKDAYS.map((value) => ({ value, label: WEEKDAY_LABELS[value] }));
const salaryOptions = SALARY_TYPES.map((value) => ({ value, label: SALARY_TYPE_LABELS[value] }));
const mealOptions = MEAL_OPTIONS.map((value) => ({ value, label: MEAL_OPTION_LABELS[value] }));
const visaOptions = VISA_TYPES.map((value) => ({ value, label: VISA_TYPE_LABELS[value] }));
const koreanOptions = KOREAN_LEVELS.map((value) => ({ value, label: KOREAN_LEVEL_LABELS[value] }));

type JobPostFormFieldsProps = {
  form: FormInstance<JobPostFormValues>;
  /** The employer of the post being edited, for the picker's label. */
  employer?: Pick<Employer, 'id' | 'companyName' | 'businessRegNo'> | null;
  /** A post that was once published keeps its employer. */
  employerLocked?: boolean;
  minimumWages?: Record<string, number>;
};

/** The job post's fields in the sections staff fill them in; the page around them owns the submit. */
export function JobPostFormFields({ form, employer, employerLocked, minimumWages }: JobPostFormFieldsProps) {
  // Picking an employer fills what is still empty from its record.
  const handleEmployer = (_id: number | undefined, picked: Employer | undefined) => {
    if (!picked) return;
    const current = form.getFieldsValue(['industry', 'region', 'zipCode', 'workAddress']);
    const address = [picked.roadAddress, picked.addressDetail].filter(Boolean).join(' ');
    form.setFieldsValue({
      industry: current.industry ?? picked.industry,
      region: current.region ?? picked.region,
      zipCode: current.zipCode || picked.zipCode,
      workAddress: current.workAddress || address,
    });
  };

  return (
    <>
      <FormSection title={t.sections.basic}>
        <Form.Item name="employerId" label={f.employerId} required rules={[rule('employerId', true)]}>
          <EmployerPicker
            recordStatus="approved"
            placeholder={t.employerSearch}
            selected={employer as Employer | null | undefined}
            disabled={employerLocked}
            onChange={handleEmployer}
          />
        </Form.Item>
        <Form.Item name="title" label={f.title} rules={[required, rule('title')]}>
          <Input maxLength={100} placeholder={t.titlePlaceholder} />
        </Form.Item>
        <Form.Item name="industry" label={f.industry} required rules={[rule('industry', true)]}>
          <IndustrySelect placeholder={select} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.industry !== b.industry}>
          {() => <DutyField form={form} />}
        </Form.Item>
        <Form.Item name="region" label={f.region} required rules={[rule('region', true)]}>
          <Select options={regionOptions} placeholder={select} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item name="zipCode" label={f.zipCode} normalize={typePostalCode} rules={[rule('zipCode')]}>
          <Input inputMode="numeric" maxLength={5} />
        </Form.Item>
        <Form.Item name="workAddress" label={f.workAddress} rules={[required, { max: 200 }]}>
          <AddressInput maxLength={200} placeholder={t.workAddressPlaceholder} zipCodeField="zipCode" />
        </Form.Item>
        <WideField>
          <Form.Item name="jobDescription" label={f.jobDescription} rules={[required, { max: 5000 }]}>
            <Input.TextArea rows={4} maxLength={5000} showCount />
          </Form.Item>
        </WideField>
      </FormSection>

      <FormSection title={t.sections.work}>
        <WideField>
          <Form.Item name="workDays" label={f.workDays} required rules={[rule('workDays', true)]}>
            <WorkDaysGroup />
          </Form.Item>
        </WideField>
        <Form.Item
          name="workStartTime"
          label={f.workStartTime}
          rules={[{ required: true, message: fieldMessages.required }]}
        >
          <TimePicker format={TIME_FORMAT} minuteStep={10} needConfirm={false} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="workEndTime"
          label={f.workEndTime}
          rules={[{ required: true, message: fieldMessages.required }]}
        >
          <TimePicker format={TIME_FORMAT} minuteStep={10} needConfirm={false} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="breakMinutes" label={f.breakMinutes}>
          <InputNumber
            min={0}
            max={240}
            step={10}
            precision={0}
            suffix={t.minutesUnit}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="employmentType" label={f.employmentType}>
          <Select options={employmentOptions} />
        </Form.Item>
        <Form.Item name="contractMonths" label={f.contractMonths}>
          <InputNumber
            min={1}
            max={60}
            precision={0}
            suffix={t.monthsUnit}
            placeholder={t.noContract}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </FormSection>

      <FormSection title={t.sections.pay}>
        <Form.Item name="salaryType" label={f.salaryType}>
          <Radio.Group options={salaryOptions} optionType="button" />
        </Form.Item>
        <Form.Item name="salaryAmount" label={f.salaryAmount} rules={[required, rule('salaryAmount')]}>
          <InputNumber<number>
            min={1}
            max={1_000_000_000}
            precision={0}
            step={10_000}
            formatter={formatWon}
            parser={parseWon}
            suffix="원"
            placeholder={t.salaryPlaceholder}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <WageHint minimumWages={minimumWages} />
      </FormSection>

      <FormSection title={t.sections.welfare}>
        <Form.Item name="dormitoryProvided" label={f.dormitoryProvided} valuePropName="checked">
          <Switch checkedChildren={t.dormitory.true} unCheckedChildren={t.dormitory.false} />
        </Form.Item>
        <Form.Item name="mealProvided" label={f.mealProvided}>
          <Select options={mealOptions} />
        </Form.Item>
      </FormSection>

      <FormSection title={t.sections.requirements}>
        <Form.Item
          name="allowedVisaTypes"
          label={f.allowedVisaTypes}
          required
          rules={[rule('allowedVisaTypes', true)]}
        >
          <Select
            mode="multiple"
            options={visaOptions}
            placeholder={select}
            optionFilterProp="label"
            maxTagCount="responsive"
          />
        </Form.Item>
        <Form.Item name="requiredKoreanLevel" label={f.requiredKoreanLevel}>
          <Select options={koreanOptions} />
        </Form.Item>
        <Form.Item
          name="isSimpleLabour"
          label={f.isSimpleLabour}
          valuePropName="checked"
          extra={t.simpleLabourHelp}
        >
          <Switch checkedChildren={koKit.common.yes} unCheckedChildren={koKit.common.no} />
        </Form.Item>
      </FormSection>

      <FormSection title={t.sections.recruit}>
        <Form.Item name="headcount" label={f.headcount} rules={[required, rule('headcount')]}>
          <InputNumber min={1} max={1000} precision={0} suffix={t.peopleUnit} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="deadline" label={f.deadline} extra={t.deadlineHelp}>
          <DatePicker
            style={{ width: '100%' }}
            placeholder={koKit.form.datePlaceholder}
            disabledDate={(day) => day.format('YYYY-MM-DD') < todayInSeoul()}
          />
        </Form.Item>
      </FormSection>
    </>
  );
}

/**
 * 근무 요일's checkboxes. Form.Item marks its control `aria-required`, which a checkbox group (role "group") may not
 * carry (docs/web-app.md#accessibility); the label's mark and the rule say it is required.
 */
function WorkDaysGroup({ 'aria-required': _required, ...props }: CheckboxGroupProps<Weekday>) {
  return <Checkbox.Group<Weekday> {...props} options={dayOptions} />;
}

/**
 * The duty (직무) select, offering the duties of the chosen industry (some visas are permitted only in named
 * duties, docs/law-as-data.md#visas); a duty of another industry goes back to 일반 업무 when the industry changes.
 */
function DutyField({ form }: { form: FormInstance<JobPostFormValues> }) {
  const industry = form.getFieldValue('industry') as Industry | undefined;
  const duties = industry ? DUTIES_BY_INDUSTRY[industry] : (['general'] as const);
  const current = form.getFieldValue('duty') as Duty | undefined;
  if (current && !duties.includes(current)) queueMicrotask(() => form.setFieldValue('duty', 'general'));
  return (
    <Form.Item name="duty" label={f.duty} required rules={[rule('duty', true)]}>
      <Select
        data-testid="job-post-duty"
        options={duties.map((value) => ({ value, label: DUTY_LABELS[value] }))}
        placeholder={select}
      />
    </Form.Item>
  );
}
