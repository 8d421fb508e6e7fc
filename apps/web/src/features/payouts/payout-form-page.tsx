import { PAYOUT_STATUS_LABELS, type Payout, payoutInputSchema } from '@ilson/contracts';
import { Button, Form, Result } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency';
import { useCan } from '../../auth/permissions';
import { parseId, RecordProblem, RecordState } from '../../components/detail/record-state';
import { fieldLabels } from '../../components/form/conflict-comparison';
import { FormActions, FormBanner } from '../../components/form/form-layout';
import { useRecordForm, useStaleVersionDialog } from '../../components/form/use-record-form';
import { useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { koPayouts } from '../../locales/ko/payouts';
import { isLocked, useCreatePayout, usePayout, useUpdatePayout } from './api';
import {
  emptyPayoutValues,
  PAYOUT_FORM_FIELDS,
  PayoutFormFields,
  type PayoutFormValues,
  payoutToValues,
  payoutValuesToInput,
} from './form';

const LIST_PATH = screenHref('payout-list');
const t = koPayouts;

function PayoutCreate() {
  const [form] = Form.useForm<PayoutFormValues>();
  const create = useCreatePayout();
  const navigate = useNavigate();
  const toast = useToast();

  const record = useRecordForm({
    form,
    schema: payoutInputSchema,
    fields: PAYOUT_FORM_FIELDS,
    toInput: payoutValuesToInput,
    submit: (body) => create.mutateAsync({ body, idempotencyKey: newIdempotencyKey() }),
    onSaved: (payout) => {
      toast.success(koKit.common.created);
      navigate(screenHref('payout-detail', { id: payout.id }), { replace: true });
    },
  });

  return (
    <>
      <PageHeader />
      <Form
        form={form}
        layout="vertical"
        initialValues={emptyPayoutValues}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        scrollToFirstError={{ block: 'center' }}
      >
        <FormBanner messages={record.banner} refusal={record.refusal} />
        <PayoutFormFields form={form} />
        <FormActions
          saving={record.saving}
          onCancel={() => navigate(LIST_PATH)}
          submitLabel={koKit.common.create}
        />
      </Form>
    </>
  );
}

type EditProps = { payout: Payout; reload: () => Promise<Payout | undefined> };

function PayoutEditForm({ payout, reload }: EditProps) {
  const [form] = Form.useForm<PayoutFormValues>();
  const [version, setVersion] = useState(payout.version);
  const update = useUpdatePayout(payout.id);
  const navigate = useNavigate();
  const toast = useToast();
  const staleVersion = useStaleVersionDialog({
    form,
    latest: reload,
    toValues: payoutToValues,
    setVersion,
    labels: fieldLabels(PAYOUT_FORM_FIELDS, koPayouts.fields),
  });
  const detailPath = screenHref('payout-detail', { id: payout.id });

  const record = useRecordForm({
    form,
    schema: payoutInputSchema,
    fields: PAYOUT_FORM_FIELDS,
    toInput: payoutValuesToInput,
    submit: (body) => update.mutateAsync({ ...body, version }),
    onSaved: () => {
      toast.success(koKit.common.saved);
      navigate(detailPath, { replace: true });
    },
    onStaleVersion: () => staleVersion(() => record.setDirty(false)),
  });

  return (
    <>
      <PageHeader title={koKit.common.editTitle(t.title(payout.id))} />
      <Form
        form={form}
        layout="vertical"
        initialValues={payoutToValues(payout)}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        scrollToFirstError={{ block: 'center' }}
      >
        <FormBanner messages={record.banner} refusal={record.refusal} />
        <PayoutFormFields form={form} current={payout} />
        <FormActions saving={record.saving} onCancel={() => navigate(detailPath)} />
      </Form>
    </>
  );
}

/** A paid or cancelled payout is final: the edit route says so instead of a form the server would refuse. */
function NotEditable({ payout }: { payout: Payout }) {
  return (
    <>
      <PageHeader title={t.title(payout.id)} />
      <Result
        status="warning"
        title={t.notEditable}
        subTitle={t.notEditableBody(PAYOUT_STATUS_LABELS[payout.status])}
        extra={
          <Link to={screenHref('payout-detail', { id: payout.id })}>
            <Button type="primary">{t.backToPayout}</Button>
          </Link>
        }
      />
    </>
  );
}

function PayoutEdit({ id }: { id: number | null }) {
  const result = usePayout(id);
  if (id === null) return <RecordProblem error={null} listPath={LIST_PATH} />;
  return (
    <RecordState result={result} listPath={LIST_PATH}>
      {(payout) =>
        isLocked(payout) ? (
          <NotEditable payout={payout} />
        ) : (
          <PayoutEditForm payout={payout} reload={async () => (await result.refetch()).data} />
        )
      }
    </RecordState>
  );
}

/** `/payouts/new` and `/payouts/:id/edit`. */
export default function PayoutFormPage() {
  const { id } = useParams();
  const can = useCan();
  if (!can('payouts:write')) {
    return (
      <>
        <PageHeader />
        <Result status="403" title={koKit.detail.forbiddenTitle} />
      </>
    );
  }
  return id === undefined ? <PayoutCreate /> : <PayoutEdit id={parseId(id)} />;
}
