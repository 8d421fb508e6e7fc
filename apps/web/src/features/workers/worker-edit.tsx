import { type Worker, workerFormSchema } from '@ilson/contracts';
import { Form } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldLabels } from '../../components/form/conflict-comparison';
import { FormActions, FormBanner } from '../../components/form/form-layout';
import { useRecordForm, useStaleVersionDialog } from '../../components/form/use-record-form';
import { useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { koKit } from '../../locales/ko/kit';
import { koWorkers } from '../../locales/ko/workers';
import { useUpdateWorker } from './api';
import { displayName } from './columns';
import {
  WORKER_FORM_FIELDS,
  WorkerFormFields,
  type WorkerFormValues,
  workerToValues,
  workerValuesToInput,
} from './form';

type WorkerEditProps = {
  worker: Worker;
  reload: () => Promise<Worker | undefined>;
  /** The detail view this edit mode returns to. */
  exitTo: string;
};

/** The detail page's edit mode. Identifiers left empty are not sent, so they stay as they are. */
export function WorkerEdit({ worker, reload, exitTo }: WorkerEditProps) {
  const [form] = Form.useForm<WorkerFormValues>();
  const [version, setVersion] = useState(worker.version);
  const [masked, setMasked] = useState({ alienRegNo: worker.alienRegNo, passportNo: worker.passportNo });
  const update = useUpdateWorker(worker.id);
  const navigate = useNavigate();
  const toast = useToast();
  const staleVersion = useStaleVersionDialog({
    form,
    latest: reload,
    toValues: workerToValues,
    setVersion,
    labels: fieldLabels(WORKER_FORM_FIELDS, koWorkers.fields),
    onReloaded: (latest) => setMasked({ alienRegNo: latest.alienRegNo, passportNo: latest.passportNo }),
  });

  const record = useRecordForm({
    form,
    schema: workerFormSchema,
    fields: WORKER_FORM_FIELDS,
    toInput: workerValuesToInput,
    submit: (body) => update.mutateAsync({ ...body, version }),
    onSaved: () => {
      toast.success(koKit.common.saved);
      navigate(exitTo, { replace: true });
    },
    onStaleVersion: () => staleVersion(() => record.setDirty(false)),
  });

  return (
    <>
      <PageHeader title={koKit.common.editTitle(displayName(worker))} />
      <Form
        form={form}
        layout="vertical"
        initialValues={workerToValues(worker)}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        scrollToFirstError={{ block: 'center' }}
      >
        <FormBanner messages={record.banner} refusal={record.refusal} />
        <WorkerFormFields masked={masked} />
        <FormActions saving={record.saving} onCancel={() => navigate(exitTo)} />
      </Form>
    </>
  );
}
