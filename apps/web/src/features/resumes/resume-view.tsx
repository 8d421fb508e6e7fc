import {
  type Certification,
  type Education,
  type LanguageSkill,
  PROFICIENCY_LABELS,
  PROFICIENCY_LEVELS,
  type ProficiencyLevel,
  type Reference,
  type Resume,
} from '@ilson/contracts';
import { Card, Empty, Flex, Progress, Table, Tag, Timeline, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { koKit } from '../../locales/ko/kit';
import { koResumes } from '../../locales/ko/resumes';

const t = koResumes;
const none = koKit.common.none;

type SectionKey = keyof typeof t.noEntries;

function Section({ name, count, children }: { name: SectionKey; count: number; children: ReactNode }) {
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          {t.sections[name]}
          {count > 0 && <Tag style={{ marginInlineEnd: 0 }}>{count}</Tag>}
        </Flex>
      }
      style={{ marginBottom: 16 }}
    >
      {count === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noEntries[name]} />
      ) : (
        children
      )}
    </Card>
  );
}

/** `2019.03 ~ 2021.08 (2년 5개월)`; an open end is today. */
export function period(start: string, end: string | null): string {
  const from = dayjs(start);
  const to = end ? dayjs(end) : dayjs();
  const months = Math.max(0, to.diff(from, 'month'));
  return `${from.format('YYYY.MM')} ~ ${end ? to.format('YYYY.MM') : t.present} (${t.months(months)})`;
}

function Level({ level }: { level: ProficiencyLevel }) {
  const step = PROFICIENCY_LEVELS.indexOf(level) + 1;
  return (
    <Flex gap={8} align="center" wrap={false}>
      <Progress
        steps={PROFICIENCY_LEVELS.length}
        percent={(step / PROFICIENCY_LEVELS.length) * 100}
        showInfo={false}
        size={[10, 8]}
        aria-hidden
      />
      <span>{PROFICIENCY_LABELS[level]}</span>
    </Flex>
  );
}

const level = (value: ProficiencyLevel) => <Level level={value} />;
const orNone = (value: string | null) => value || none;

const l = t.language;
const languageColumns: ColumnsType<LanguageSkill> = [
  { title: l.language, dataIndex: 'language' },
  { title: l.proficiencyLevel, dataIndex: 'proficiencyLevel', render: level },
  { title: l.speaking, dataIndex: 'speaking', render: level },
  { title: l.reading, dataIndex: 'reading', render: level },
  { title: l.writing, dataIndex: 'writing', render: level },
];

const e = t.education;
const educationColumns: ColumnsType<Education> = [
  { title: e.schoolName, dataIndex: 'schoolName' },
  { title: e.degree, dataIndex: 'degree', render: orNone },
  { title: e.fieldOfStudy, dataIndex: 'fieldOfStudy', render: orNone },
  { title: e.graduationDate, dataIndex: 'graduationDate', render: orNone },
  { title: e.gpa, dataIndex: 'gpa', render: orNone },
];

const c = t.certification;
const certificationColumns: ColumnsType<Certification> = [
  { title: c.name, dataIndex: 'name' },
  { title: c.issuer, dataIndex: 'issuer', render: orNone },
  { title: c.acquiredDate, dataIndex: 'acquiredDate', render: orNone },
  { title: c.expiryDate, dataIndex: 'expiryDate', render: orNone },
];

const r = t.reference;
const referenceColumns: ColumnsType<Reference> = [
  { title: r.name, dataIndex: 'name' },
  { title: r.relationship, dataIndex: 'relationship', render: orNone },
  { title: r.company, dataIndex: 'company', render: orNone },
  { title: r.phone, dataIndex: 'phone', render: orNone },
  { title: r.email, dataIndex: 'email', render: orNone },
];

function EntryTable<T extends object>({
  label,
  columns,
  data,
}: {
  label: string;
  columns: ColumnsType<T>;
  data: T[];
}) {
  return (
    <Table<T>
      aria-label={label}
      size="small"
      columns={columns}
      dataSource={data.map((row, index) => ({ ...row, key: index }))}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}

/** The resume (docs/DOMAIN.md#records), read: work history as a timeline, then education, languages, certificates, skills, references. */
export function ResumeView({ resume }: { resume: Resume }) {
  const work = [...resume.workExperience].sort((a, b) => b.startDate.localeCompare(a.startDate));
  return (
    <>
      <Section name="workExperience" count={work.length}>
        <Timeline
          style={{ paddingTop: 8 }}
          items={work.map((job, index) => ({
            key: `${job.companyName}-${job.startDate}-${index}`,
            color: job.endDate ? 'gray' : 'green',
            content: (
              <>
                <Typography.Text strong>{job.companyName}</Typography.Text>
                <Typography.Text style={{ marginInlineStart: 8 }}>{job.jobTitle}</Typography.Text>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {period(job.startDate, job.endDate)}
                </Typography.Text>
                {job.jobDescription && (
                  <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
                    {job.jobDescription}
                  </Typography.Paragraph>
                )}
                {job.achievements && (
                  <Typography.Paragraph
                    type="secondary"
                    style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}
                  >
                    {`${t.work.achievements}: ${job.achievements}`}
                  </Typography.Paragraph>
                )}
              </>
            ),
          }))}
        />
      </Section>
      <Section name="educationHistory" count={resume.educationHistory.length}>
        <EntryTable
          label={t.sections.educationHistory}
          columns={educationColumns}
          data={resume.educationHistory}
        />
      </Section>
      <Section name="languageSkills" count={resume.languageSkills.length}>
        <EntryTable
          label={t.sections.languageSkills}
          columns={languageColumns}
          data={resume.languageSkills}
        />
      </Section>
      <Section name="certifications" count={resume.certifications.length}>
        <EntryTable
          label={t.sections.certifications}
          columns={certificationColumns}
          data={resume.certifications}
        />
      </Section>
      <Section name="skills" count={resume.skills.length}>
        <Flex gap={6} wrap>
          {resume.skills.map((skill) => (
            <Tag key={skill} color="blue" style={{ marginInlineEnd: 0 }}>
              {skill}
            </Tag>
          ))}
        </Flex>
      </Section>
      <Section name="references" count={resume.references.length}>
        <EntryTable label={t.sections.references} columns={referenceColumns} data={resume.references} />
      </Section>
    </>
  );
}
