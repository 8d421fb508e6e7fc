import {
  hourlyEquivalent,
  minimumWageFor,
  recordMessages,
  type SalaryType,
  type Weekday,
  weeklyHolidayHours,
  weeklyHours,
} from '@ilson/contracts';
import { Alert, Form, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { todayInSeoul } from '../../lib/datetime';
import { koJobPosts } from '../../locales/ko/job-posts';
import { koKit } from '../../locales/ko/kit';

const t = koJobPosts;

export type WageCheck = {
  hourly: number | null;
  weekly: number;
  /** 주휴시간 a week (15+ hours a week earn a paid day off). */
  holidayHours: number;
  year: number;
  minimum: number | null;
  below: boolean;
};

type PayInput = {
  salaryType?: SalaryType;
  salaryAmount?: number | null;
  workDays?: readonly Weekday[];
  workStartTime?: Dayjs | null;
  workEndTime?: Dayjs | null;
  breakMinutes?: number | null;
  deadline?: Dayjs | null;
};

/** The server's own check (the year of the deadline, else this year), run as the user types. */
export function checkWage(
  values: PayInput,
  minimumWages: Record<string, number> | undefined,
): WageCheck | null {
  const { salaryType, salaryAmount, workStartTime, workEndTime } = values;
  if (!salaryType || !workStartTime?.isValid() || !workEndTime?.isValid()) return null;
  const schedule = {
    workDays: values.workDays ?? [],
    workStartTime: workStartTime.format('HH:mm'),
    workEndTime: workEndTime.format('HH:mm'),
    breakMinutes: values.breakMinutes ?? 0,
  };
  const weekly = weeklyHours(schedule);
  const holidayHours = weeklyHolidayHours(schedule);
  const hourly = salaryAmount ? hourlyEquivalent(salaryType, salaryAmount, schedule) : null;
  const year = Number(
    (values.deadline?.isValid() ? values.deadline.format('YYYY') : todayInSeoul()).slice(0, 4),
  );
  const minimum = minimumWages ? minimumWageFor(year, minimumWages) : null;
  return {
    hourly,
    weekly,
    holidayHours,
    year,
    minimum,
    below: hourly !== null && minimum !== null && hourly < minimum,
  };
}

/** Under the pay: what it comes to per hour, and a warning below the year's minimum wage. */
export function WageHint({ minimumWages }: { minimumWages: Record<string, number> | undefined }) {
  const form = Form.useFormInstance();
  const values: PayInput = {
    salaryType: Form.useWatch('salaryType', form),
    salaryAmount: Form.useWatch('salaryAmount', form),
    workDays: Form.useWatch('workDays', form),
    workStartTime: Form.useWatch('workStartTime', form),
    workEndTime: Form.useWatch('workEndTime', form),
    breakMinutes: Form.useWatch('breakMinutes', form),
    deadline: Form.useWatch('deadline', form),
  };
  const check = checkWage(values, minimumWages);

  return (
    <Form.Item label={t.fields.hourlyEquivalent}>
      <div aria-live="polite">
        {check?.hourly != null ? (
          <>
            <Typography.Text strong style={{ fontSize: 16, fontVariantNumeric: 'tabular-nums' }}>
              {koKit.common.won(Math.floor(check.hourly))}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              {t.weeklyHours(check.weekly)}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              {t.holidayHours(check.holidayHours)}
            </Typography.Text>
            {check.below && check.minimum !== null ? (
              <Alert
                type="warning"
                showIcon
                role="alert"
                style={{ marginTop: 8 }}
                title={t.belowMinimum}
                description={recordMessages.belowMinimumWage(check.year, check.minimum, check.hourly)}
              />
            ) : check.minimum !== null ? (
              <Typography.Text type="success" style={{ display: 'block', fontSize: 12 }}>
                {t.minimumOk(check.year, check.minimum)}
              </Typography.Text>
            ) : (
              minimumWages && (
                <Typography.Text type="warning" style={{ display: 'block', fontSize: 12 }}>
                  {t.minimumUnknown(check.year)}
                </Typography.Text>
              )
            )}
          </>
        ) : (
          <Typography.Text type="secondary">{t.hourlyUnknown}</Typography.Text>
        )}
      </div>
    </Form.Item>
  );
}
