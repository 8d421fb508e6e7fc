import { isBranchScoped, workerFormSchema } from '@ilson/contracts';
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
import { useCreateWorker } from './api';
import {
  emptyWorkerValues,
  WORKER_FORM_FIELDS,
  WorkerFormFields,
  type WorkerFormValues,
  workerValuesToInput,
} from './form';

export default function WorkerNewPage() {
  const [form] = Form.useForm<WorkerFormValues>();
  const { user } = useSession();
  const create = useCreateWorker();
  const navigate = useNavigate();
  const toast = useToast();
  const record = useRecordForm({
    form,
    schema: workerFormSchema,
    fields: WORKER_FORM_FIELDS,
    toInput: workerValuesToInput,
    submit: (body) => create.mutateAsync({ body, idempotencyKey: newIdempotencyKey() }),
    onSaved: (worker) => {
      toast.success(koKit.common.created);
      navigate(screenHref('worker-detail', { id: worker.id }), { replace: true });
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
        initialValues={emptyWorkerValues(initialBranch)}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        scrollToFirstError={{ block: 'center' }}
      >
        <FormBanner messages={record.banner} />
        <WorkerFormFields />
        <FormActions
          saving={record.saving}
          onCancel={() => navigate(screenHref('worker-list'))}
          submitLabel={koKit.common.create}
        />
      </Form>
    </>
  );
}
