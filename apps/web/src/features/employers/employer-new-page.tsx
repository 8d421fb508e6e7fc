import { employerInputSchema, isBranchScoped } from '@ilson/contracts';
import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency';
import { useSession } from '../../auth/session-context';
import { FormActions, FormBanner } from '../../components/form/form-layout';
import { useRecordForm } from '../../components/form/use-record-form';
import { useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { useCreateEmployer } from './api';
import {
  EMPLOYER_FORM_FIELDS,
  EmployerFormFields,
  type EmployerFormValues,
  employerValuesToInput,
  emptyEmployerValues,
} from './form';

export default function EmployerNewPage() {
  const [form] = Form.useForm<EmployerFormValues>();
  const { user } = useSession();
  const create = useCreateEmployer();
  const navigate = useNavigate();
  const toast = useToast();
  const record = useRecordForm({
    form,
    schema: employerInputSchema,
    fields: EMPLOYER_FORM_FIELDS,
    toInput: employerValuesToInput,
    submit: (body) => create.mutateAsync({ body, idempotencyKey: newIdempotencyKey() }),
    onSaved: (employer) => {
      toast.success(koKit.common.created);
      navigate(screenHref('employer-detail', { id: employer.id }), { replace: true });
    },
  });
  // A branch manager registers into their own branch.
  const initialBranch = user && isBranchScoped(user.role) ? user.branchId : null;

  return (
    <>
      <PageHeader />
      <Form
        form={form}
        layout="vertical"
        initialValues={emptyEmployerValues(initialBranch)}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        scrollToFirstError={{ block: 'center' }}
      >
        <FormBanner messages={record.banner} />
        <EmployerFormFields />
        <FormActions
          saving={record.saving}
          onCancel={() => navigate(screenHref('employer-list'))}
          submitLabel={koKit.common.create}
        />
      </Form>
    </>
  );
}
