import { SALARY_TYPE_LABELS, SALARY_TYPES, type SalaryType } from '@ilson/contracts';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { formatWon, parseWon } from '../../components/form/formatters';
import { useRefusableSave } from '../../components/form/use-refusable-save';
import { RefusalAlert } from '../../components/linked-records';
import { useToast } from '../../components/toast';
import { parseDate, toDateString } from '../../lib/datetime';
import { koKit } from '../../locales/ko/kit';
import { koMatchings } from '../../locales/ko/matchings';
import { type MatchingDetail, useUpdateMatching } from './api';

const t = koMatchings;
const f = t.fields;
const salaryOptions = SALARY_TYPES.map((value) => ({ value, label: SALARY_TYPE_LABELS[value] }));

type TermsValues = {
  agreedSalaryType: SalaryType | null;
  agreedSalaryAmount: number | null;
  feeAmount: number | null;
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  memo: string;
};
const FIELDS = ['agreedSalaryType', 'agreedSalaryAmount', 'feeAmount', 'startDate', 'endDate', 'memo'];

/** The matching's terms (pay, fee, dates, memo), saved with the version they were read at. */
export function TermsModal({
  matching,
  open,
  onClose,
}: {
  matching: MatchingDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<TermsValues>();
  const update = useUpdateMatching(matching.id);
  const toast = useToast();
  // Matchings the new dates or pay would break: listed with links, the dialog stays open.
  const { refusal, save, clearRefusal } = useRefusableSave(form, FIELDS);

  const close = () => {
    clearRefusal();
    onClose();
  };

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const saved = await save(() =>
      update.mutateAsync({
        agreedSalaryType: values.agreedSalaryType ?? null,
        agreedSalaryAmount: values.agreedSalaryAmount ?? null,
        feeAmount: values.feeAmount ?? null,
        startDate: toDateString(values.startDate),
        endDate: toDateString(values.endDate),
        memo: values.memo ?? '',
        version: matching.version,
      }),
    );
    if (!saved) return;
    toast.success(t.termsSaved);
    close();
  };

  return (
    <Modal
      open={open}
      title={t.editTerms}
      okText={koKit.common.save}
      cancelText={koKit.common.cancel}
      confirmLoading={update.isPending}
      onOk={handleOk}
      onCancel={close}
      destroyOnHidden
      width={640}
    >
      {refusal && <RefusalAlert refusal={refusal} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          agreedSalaryType: matching.agreedSalaryType,
          agreedSalaryAmount: matching.agreedSalaryAmount,
          feeAmount: matching.feeAmount,
          startDate: parseDate(matching.startDate),
          endDate: parseDate(matching.endDate),
          memo: matching.memo,
        }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="agreedSalaryType" label={f.agreedSalaryType}>
              <Select allowClear options={salaryOptions} placeholder={koKit.form.selectPlaceholder} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="agreedSalaryAmount" label={f.agreedSalaryAmount}>
              <InputNumber<number>
                min={1}
                precision={0}
                formatter={formatWon}
                parser={parseWon}
                suffix="원"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="startDate" label={f.startDate}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="endDate" label={f.endDate}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="feeAmount" label={f.feeAmount}>
              <InputNumber<number>
                min={0}
                precision={0}
                formatter={formatWon}
                parser={parseWon}
                suffix="원"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="memo" label={f.memo} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
