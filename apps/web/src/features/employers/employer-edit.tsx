import { type Employer, employerInputSchema } from '@ilson/contracts';
import { Form } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormActions, FormBanner } from '../../components/form/form-layout';
import { useRecordForm, useStaleVersionDialog } from '../../components/form/use-record-form';
import { useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { koKit } from '../../locales/ko/kit';
import { useUpdateEmployer } from './api';
import {
  EMPLOYER_FIELD_LABELS,
  EMPLOYER_FORM_FIELDS,
  EmployerFormFields,
  type EmployerFormValues,
  employerToValues,
  employerValuesToInput,
  formatEmployerField,
} from './form';

type EmployerEditProps = {
  employer: Employer;
  reload: () => Promise<Employer | undefined>;
  /** The detail view this edit mode returns to. */
  exitTo: string;
};

/** The detail page's edit mode: the registration form, filled, sending back the version it was read at. */
export function EmployerEdit({ employer, reload, exitTo }: EmployerEditProps) {
  const navigate = useNavigate();
  const [form] = Form.useForm<EmployerFormValues>();
  const [version, setVersion] = useState(employer.version);
  const update = useUpdateEmployer(employer.id);
  const toast = useToast();
  const staleVersion = useStaleVersionDialog({
    form,
    latest: reload,
    toValues: employerToValues,
    setVersion,
    labels: EMPLOYER_FIELD_LABELS,
    format: formatEmployerField,
  });

  const record = useRecordForm({
    form,
    schema: employerInputSchema,
    fields: EMPLOYER_FORM_FIELDS,
    toInput: employerValuesToInput,
    submit: (body) => update.mutateAsync({ ...body, version }),
    onSaved: () => {
      toast.success(koKit.common.saved);
      navigate(exitTo, { replace: true });
    },
    onStaleVersion: () => staleVersion(() => record.setDirty(false)),
  });

  return (
    <>
      <PageHeader title={koKit.common.editTitle(employer.companyName)} />
      <Form
        form={form}
        layout="vertical"
        initialValues={employerToValues(employer)}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        scrollToFirstError={{ block: 'center' }}
      >
        <FormBanner messages={record.banner} refusal={record.refusal} />
        <EmployerFormFields />
        <FormActions saving={record.saving} onCancel={() => navigate(exitTo)} />
      </Form>
    </>
  );
}
