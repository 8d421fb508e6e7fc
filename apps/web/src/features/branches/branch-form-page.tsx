import { type BranchDetail, branchInputSchema } from '@ilson/contracts';
import { Form } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency';
import { parseId, RecordProblem, RecordState } from '../../components/detail/record-state';
import { fieldLabels } from '../../components/form/conflict-comparison';
import { FormActions, FormBanner } from '../../components/form/form-layout';
import { useRecordForm, useStaleVersionDialog } from '../../components/form/use-record-form';
import { useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { koBranches } from '../../locales/ko/branches';
import { koKit } from '../../locales/ko/kit';
import { useBranch, useCreateBranch, useUpdateBranch } from './api';
import {
  BRANCH_FORM_FIELDS,
  BranchFormFields,
  type BranchFormValues,
  branchToValues,
  branchValuesToInput,
  emptyBranchValues,
} from './form';

const LIST_PATH = screenHref('branch-list');

function BranchCreate() {
  const [form] = Form.useForm<BranchFormValues>();
  const create = useCreateBranch();
  const navigate = useNavigate();
  const toast = useToast();
  const record = useRecordForm({
    form,
    schema: branchInputSchema,
    fields: BRANCH_FORM_FIELDS,
    toInput: branchValuesToInput,
    submit: (body) => create.mutateAsync({ body, idempotencyKey: newIdempotencyKey() }),
    onSaved: (branch) => {
      toast.success(koKit.common.created);
      navigate(screenHref('branch-detail', { id: branch.id }), { replace: true });
    },
  });

  return (
    <>
      <PageHeader />
      <Form
        form={form}
        layout="vertical"
        initialValues={emptyBranchValues}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        scrollToFirstError={{ block: 'center' }}
      >
        <FormBanner messages={record.banner} />
        <BranchFormFields />
        <FormActions
          saving={record.saving}
          onCancel={() => navigate(LIST_PATH)}
          submitLabel={koKit.common.create}
        />
      </Form>
    </>
  );
}

function BranchEditForm({
  branch,
  reload,
}: {
  branch: BranchDetail;
  reload: () => Promise<BranchDetail | undefined>;
}) {
  const [form] = Form.useForm<BranchFormValues>();
  const [version, setVersion] = useState(branch.version);
  const update = useUpdateBranch(branch.id);
  const navigate = useNavigate();
  const toast = useToast();
  const staleVersion = useStaleVersionDialog({
    form,
    latest: reload,
    toValues: branchToValues,
    setVersion,
    labels: fieldLabels(BRANCH_FORM_FIELDS, koBranches.fields),
  });
  const detailPath = screenHref('branch-detail', { id: branch.id });

  const record = useRecordForm({
    form,
    schema: branchInputSchema,
    fields: BRANCH_FORM_FIELDS,
    toInput: branchValuesToInput,
    submit: (body) => update.mutateAsync({ ...body, version }),
    onSaved: () => {
      toast.success(koKit.common.saved);
      navigate(detailPath, { replace: true });
    },
    onStaleVersion: () => staleVersion(() => record.setDirty(false)),
  });

  return (
    <>
      <PageHeader title={koKit.common.editTitle(branch.name)} />
      <Form
        form={form}
        layout="vertical"
        initialValues={branchToValues(branch)}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        scrollToFirstError={{ block: 'center' }}
      >
        <FormBanner messages={record.banner} />
        <BranchFormFields />
        <FormActions saving={record.saving} onCancel={() => navigate(detailPath)} />
      </Form>
    </>
  );
}

function BranchEdit({ id }: { id: number | null }) {
  const result = useBranch(id);
  if (id === null) return <RecordProblem error={null} listPath={LIST_PATH} />;
  return (
    <RecordState result={result} listPath={LIST_PATH}>
      {(branch) => <BranchEditForm branch={branch} reload={async () => (await result.refetch()).data} />}
    </RecordState>
  );
}

/** `/branches/new` and `/branches/:id/edit`. */
export default function BranchFormPage() {
  const { id } = useParams();
  return id === undefined ? <BranchCreate /> : <BranchEdit id={parseId(id)} />;
}
