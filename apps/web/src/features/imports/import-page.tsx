import { DownloadOutlined, InboxOutlined, RollbackOutlined, UploadOutlined } from '@ant-design/icons';
import {
  camelToSnake,
  IMPORT_COLUMNS,
  IMPORT_STATUS_LABELS,
  IMPORTS_API,
  type ImportBatch,
  type ImportResource,
  type ImportStatus,
} from '@ilson/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Popconfirm,
  Progress,
  Result,
  Row,
  Select,
  Statistic,
  Steps,
  Table,
  Tag,
  Typography,
  theme,
  Upload,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchDownload, saveBlob } from '../../components/export/download';
import { useErrorToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { formatDateTime } from '../../lib/datetime';
import { koImports } from '../../locales/ko/imports';
import { isRunning, useImportActions, useImportBatch, useImportList } from './api';

const t = koImports;

const STATUS_COLORS: Record<ImportStatus, string> = {
  uploading: 'processing',
  uploaded: 'default',
  validating: 'processing',
  validated: 'blue',
  committing: 'processing',
  committed: 'success',
  cancelled: 'warning',
  undoing: 'processing',
  undone: 'default',
  failed: 'error',
};

/** The template's columns by their wire id (snake_case, as the API names them in a mapping). */
const columnsOf = (resource: ImportResource) =>
  IMPORT_COLUMNS[resource].map((column) => ({ ...column, id: camelToSnake(column.key) }));

function stepOf(batch: ImportBatch | undefined, remapping: boolean): number {
  if (!batch) return 0;
  if (remapping || batch.status === 'uploaded') return 1;
  if (batch.status === 'validating' || batch.status === 'validated') return 2;
  if (batch.status === 'failed') return batch.committedRows > 0 ? 3 : 2;
  return 3;
}

/**
 * The import screen (docs/imports.md): template, upload, column mapping, dry run with counts and the first errors
 * per field, commit with progress and stop, undo. The batch being worked on is in the address (`?batch=`), so a
 * reload or a shared link opens it where it stands; the recent batches are listed below.
 */
export function ImportPage({ resource }: { resource: ImportResource }) {
  const [params, setParams] = useSearchParams();
  const batchId = Number(params.get('batch')) || null;
  const batchQuery = useImportBatch(resource, batchId);
  const batch = batchQuery.data;
  const [remapping, setRemapping] = useState(false);
  const showError = useErrorToast();

  const open = (id: number | null) => {
    setRemapping(false);
    setParams(id === null ? {} : { batch: String(id) }, { replace: false });
  };

  const downloadTemplate = async () => {
    try {
      saveBlob(
        await fetchDownload(IMPORTS_API[resource].template, {}),
        `${t.resources[resource]}_가져오기_양식.xlsx`,
      );
    } catch (error) {
      showError(error);
    }
  };

  return (
    <>
      <PageHeader
        extra={
          <Button icon={<DownloadOutlined />} onClick={downloadTemplate}>
            {t.template}
          </Button>
        }
      />
      <Card>
        <Steps
          size="small"
          current={stepOf(batch, remapping)}
          items={[
            { title: t.steps.upload },
            { title: t.steps.map },
            { title: t.steps.check },
            { title: t.steps.commit },
          ]}
          style={{ marginBottom: 24 }}
          responsive
        />
        {batchId === null || batchQuery.isError ? (
          <UploadStep resource={resource} onUploaded={(id) => open(id)} />
        ) : !batch ? null : remapping || batch.status === 'uploaded' ? (
          <MappingStep resource={resource} batch={batch} onStarted={() => setRemapping(false)} />
        ) : (
          <RunStep
            resource={resource}
            batch={batch}
            onRemap={() => setRemapping(true)}
            onAnother={() => open(null)}
          />
        )}
      </Card>
      <RecentImports resource={resource} current={batchId} onOpen={open} />
    </>
  );
}

function UploadStep({
  resource,
  onUploaded,
}: {
  resource: ImportResource;
  onUploaded: (id: number) => void;
}) {
  const { upload } = useImportActions(resource);
  const showError = useErrorToast();
  const [percent, setPercent] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const send = async (file: File) => {
    abort.current = new AbortController();
    setPercent(0);
    try {
      const batch = await upload.mutateAsync({
        file,
        signal: abort.current.signal,
        onProgress: ({ loaded, total }) =>
          setPercent(Math.min(99, Math.round((loaded / Math.max(total, 1)) * 100))),
      });
      onUploaded(batch.id);
    } catch (error) {
      if (!abort.current?.signal.aborted) showError(error);
    } finally {
      setPercent(null);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t.templateHint(resource)}</Typography.Text>
      <Upload.Dragger
        accept=".xlsx,.csv,.txt"
        multiple={false}
        showUploadList={false}
        disabled={percent !== null}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t.dropTitle}</p>
        <p className="ant-upload-hint">{t.dropHint}</p>
      </Upload.Dragger>
      {percent !== null && (
        <Flex align="center" gap={12}>
          <Progress percent={percent} status="active" style={{ flex: 1 }} aria-label={t.uploading(percent)} />
          <Button onClick={() => abort.current?.abort()}>{t.cancelUpload}</Button>
        </Flex>
      )}
    </Flex>
  );
}

function FileLine({ batch }: { batch: ImportBatch }) {
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
      <Typography.Text strong>
        #{batch.id} {batch.fileName}
      </Typography.Text>
      <Typography.Text type="secondary">{t.fileSummary(batch.totalRows, batch.encoding)}</Typography.Text>
      <Tag color={STATUS_COLORS[batch.status]}>{IMPORT_STATUS_LABELS[batch.status]}</Tag>
    </Flex>
  );
}

function MappingStep({
  resource,
  batch,
  onStarted,
}: {
  resource: ImportResource;
  batch: ImportBatch;
  onStarted: () => void;
}) {
  const columns = useMemo(() => columnsOf(resource), [resource]);
  const [mapping, setMapping] = useState<(string | null)[]>(batch.mapping);
  const { validate } = useImportActions(resource);
  const showError = useErrorToast();
  useEffect(() => setMapping(batch.mapping), [batch.mapping]);

  const chosen = new Set(mapping.filter(Boolean));
  const missing = columns.filter((c) => c.required && !chosen.has(c.id)).map((c) => c.header);
  const options = [
    { value: '', label: t.skip },
    ...columns.map((c) => ({ value: c.id, label: c.required ? `${c.header} (${t.required})` : c.header })),
  ];

  const start = async () => {
    try {
      await validate.mutateAsync({ id: batch.id, mapping });
      onStarted();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <>
      <FileLine batch={batch} />
      {batch.sameFileBatchId !== null && (
        <Alert
          type="warning"
          showIcon
          message={t.sameFile(batch.sameFileBatchId)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t.mapTitle}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t.mapHint}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="index"
        pagination={false}
        scroll={{ x: 480 }}
        dataSource={batch.headers.map((header, index) => ({ index, header }))}
        columns={[
          { title: t.fileColumn, dataIndex: 'header', width: '45%' },
          {
            title: t.target,
            render: (_value, row) => (
              <Select
                aria-label={`${row.header}: ${t.target}`}
                style={{ width: '100%', minWidth: 180 }}
                value={mapping[row.index] ?? ''}
                options={options.map((o) => ({
                  ...o,
                  disabled: o.value !== '' && o.value !== mapping[row.index] && chosen.has(o.value),
                }))}
                onChange={(value: string) =>
                  setMapping((current) => current.map((key, i) => (i === row.index ? value || null : key)))
                }
              />
            ),
          },
        ]}
      />
      {missing.length > 0 && (
        <Alert
          type="error"
          showIcon
          message={t.missingRequired(missing.join(', '))}
          style={{ marginTop: 16 }}
        />
      )}
      <Flex justify="end" style={{ marginTop: 16 }}>
        <Button type="primary" disabled={missing.length > 0} loading={validate.isPending} onClick={start}>
          {t.startCheck}
        </Button>
      </Flex>
    </>
  );
}

function Counts({ batch }: { batch: ImportBatch }) {
  // The theme's text colours, readable in both themes (docs/web-app.md#themes).
  const { token } = theme.useToken();
  const items = [
    { title: t.counts.total, value: batch.totalRows },
    { title: t.counts.valid, value: batch.validRows, color: token.colorSuccessText },
    {
      title: t.counts.error,
      value: batch.errorRows,
      color: batch.errorRows ? token.colorErrorText : undefined,
    },
    {
      title: t.counts.duplicate,
      value: batch.duplicateRows,
      color: batch.duplicateRows ? token.colorWarningText : undefined,
    },
  ];
  if (batch.committedRows > 0)
    items.push({ title: t.counts.committed, value: batch.committedRows, color: token.colorPrimaryText });
  if (batch.undoneRows + batch.keptRows > 0) {
    items.push(
      { title: t.counts.undone, value: batch.undoneRows },
      { title: t.counts.kept, value: batch.keptRows },
    );
  }
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {items.map((item) => (
        <Col key={item.title} xs={12} sm={8} md={4}>
          <Statistic
            title={item.title}
            value={item.value}
            suffix="행"
            valueStyle={item.color ? { color: item.color } : undefined}
          />
        </Col>
      ))}
    </Row>
  );
}

function Running({ resource, batch }: { resource: ImportResource; batch: ImportBatch }) {
  const { cancel } = useImportActions(resource);
  const showError = useErrorToast();
  const label =
    batch.status === 'validating' ? t.checking : batch.status === 'committing' ? t.committing : t.undoing;
  const percent = batch.runTotal ? Math.floor((batch.processedRows / batch.runTotal) * 100) : 0;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <Flex justify="space-between" wrap gap={8}>
        <Typography.Text strong>{label}</Typography.Text>
        <Typography.Text type="secondary">{t.progress(batch.processedRows, batch.runTotal)}</Typography.Text>
      </Flex>
      <Flex align="center" gap={12}>
        <Progress percent={percent} status="active" style={{ flex: 1 }} aria-label={`${label} ${percent}%`} />
        {batch.status !== 'undoing' && (
          <Button
            disabled={batch.cancelRequested}
            loading={cancel.isPending}
            onClick={() => cancel.mutate(batch.id, { onError: (error) => showError(error) })}
          >
            {batch.cancelRequested ? t.stopping : t.stop}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

function FieldErrors({ resource, batch }: { resource: ImportResource; batch: ImportBatch }) {
  const showError = useErrorToast();
  const refused = batch.errorRows + batch.duplicateRows;
  const report = async () => {
    try {
      const blob = await fetchDownload(IMPORTS_API[resource].errors, {}, {}, { id: batch.id });
      saveBlob(blob, `${t.resources[resource]}_가져오기_${batch.id}_오류.xlsx`);
    } catch (error) {
      showError(error);
    }
  };
  if (batch.fieldErrors.length === 0) {
    return batch.status === 'validated' ? <Alert type="success" showIcon message={t.noErrors} /> : null;
  }
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t.errorsTitle}
        </Typography.Title>
        {refused > 0 && (
          <Button icon={<DownloadOutlined />} onClick={report}>
            {t.errorReport}
          </Button>
        )}
      </Flex>
      <Table
        size="small"
        rowKey="field"
        pagination={false}
        scroll={{ x: 560 }}
        dataSource={batch.fieldErrors}
        columns={[
          { title: t.errorField, dataIndex: 'header', width: 140 },
          {
            title: t.errorCount,
            dataIndex: 'count',
            width: 90,
            align: 'right',
            render: (v: number) => t.rows(v),
          },
          {
            title: t.errorExamples,
            render: (_v, row) => (
              <Flex vertical gap={2}>
                {row.examples.map((example) => (
                  <Typography.Text key={example.rowNo}>
                    <Typography.Text type="secondary">{t.rowNo(example.rowNo)}</Typography.Text>{' '}
                    {example.message}
                  </Typography.Text>
                ))}
              </Flex>
            ),
          },
        ]}
      />
    </>
  );
}

function RunStep({
  resource,
  batch,
  onRemap,
  onAnother,
}: {
  resource: ImportResource;
  batch: ImportBatch;
  onRemap: () => void;
  onAnother: () => void;
}) {
  const { commit, undo, validate } = useImportActions(resource);
  const showError = useErrorToast();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const running = isRunning(batch);
  const previous = useRef(batch.status);

  useEffect(() => {
    if (previous.current === 'committing' && batch.status === 'committed') {
      void message.success(t.committed(batch.committedRows, resource));
    }
    previous.current = batch.status;
  }, [batch.status, batch.committedRows, message, resource]);

  const run = (action: { mutate: (id: number, options: { onError: (e: unknown) => void }) => void }) => () =>
    action.mutate(batch.id, { onError: (error) => showError(error) });

  const canUndo = batch.committedRows > batch.undoneRows + batch.keptRows && !batch.undoneAt && !running;
  const undoButton = canUndo && (
    <Popconfirm
      title={t.undo}
      description={t.undoConfirm(batch.committedRows)}
      okText={t.undo}
      okButtonProps={{ danger: true }}
      onConfirm={run(undo)}
    >
      <Button danger icon={<RollbackOutlined />} loading={undo.isPending}>
        {t.undo}
      </Button>
    </Popconfirm>
  );

  return (
    <>
      <FileLine batch={batch} />
      {running ? <Running resource={resource} batch={batch} /> : null}
      <Counts batch={batch} />
      {batch.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t.failed}
          description={batch.failure}
          style={{ marginBottom: 16 }}
          action={
            <Button
              size="small"
              onClick={() =>
                batch.committedRows > 0
                  ? run(commit)()
                  : validate.mutate(
                      { id: batch.id, mapping: batch.mapping },
                      { onError: (error) => showError(error) },
                    )
              }
            >
              {t.retry}
            </Button>
          }
        />
      )}
      {batch.status === 'committed' && (
        <Result
          status="success"
          title={t.committed(batch.committedRows, resource)}
          subTitle={t.committedDetail}
          extra={[
            <Button key="list" type="primary" onClick={() => navigate(`/${resource}`)}>
              {t.toList(resource)}
            </Button>,
            <Button key="another" icon={<UploadOutlined />} onClick={onAnother}>
              {t.another}
            </Button>,
            undoButton ? <span key="undo">{undoButton}</span> : null,
          ]}
        />
      )}
      {batch.status === 'undone' && (
        <Result
          status="info"
          title={t.undone(batch.undoneRows, batch.keptRows)}
          extra={
            <Button icon={<UploadOutlined />} onClick={onAnother}>
              {t.another}
            </Button>
          }
        />
      )}
      {batch.status === 'cancelled' && (
        <Alert
          type="warning"
          showIcon
          message={t.cancelled(batch.committedRows)}
          style={{ marginBottom: 16 }}
          action={
            <Flex gap={8} wrap>
              {batch.validRows > 0 && (
                <Button size="small" type="primary" onClick={run(commit)} loading={commit.isPending}>
                  {t.resume}
                </Button>
              )}
              {undoButton}
            </Flex>
          }
        />
      )}
      {(batch.status === 'validated' || batch.status === 'cancelled' || batch.status === 'committed') && (
        <FieldErrors resource={resource} batch={batch} />
      )}
      {batch.status === 'validated' && (
        <Flex justify="end" gap={8} wrap style={{ marginTop: 16 }}>
          <Button onClick={onRemap}>{t.remap}</Button>
          <Popconfirm
            title={t.commit(batch.validRows)}
            description={t.commitConfirm(batch.validRows, resource)}
            okText={t.steps.commit}
            disabled={batch.validRows === 0}
            onConfirm={run(commit)}
          >
            <Button type="primary" disabled={batch.validRows === 0} loading={commit.isPending}>
              {t.commit(batch.validRows)}
            </Button>
          </Popconfirm>
        </Flex>
      )}
    </>
  );
}

function RecentImports({
  resource,
  current,
  onOpen,
}: {
  resource: ImportResource;
  current: number | null;
  onOpen: (id: number) => void;
}) {
  const [page, setPage] = useState(1);
  const list = useImportList(resource, page);
  return (
    <Card title={t.recent} style={{ marginTop: 16 }}>
      <Table
        size="small"
        rowKey="id"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.data ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">{t.recentEmpty}</Typography.Text> }}
        scroll={{ x: 720 }}
        rowClassName={(row) => (row.id === current ? 'ant-table-row-selected' : '')}
        onRow={(row) => ({ onClick: () => onOpen(row.id), style: { cursor: 'pointer' } })}
        pagination={{
          current: page,
          pageSize: 5,
          total: list.data?.meta.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: t.columns.id, dataIndex: 'id', width: 70, render: (id: number) => `#${id}` },
          { title: t.columns.file, dataIndex: 'fileName', ellipsis: true },
          {
            title: t.columns.status,
            dataIndex: 'status',
            width: 110,
            render: (status: ImportStatus) => (
              <Tag color={STATUS_COLORS[status]}>{IMPORT_STATUS_LABELS[status]}</Tag>
            ),
          },
          { title: t.columns.rows, dataIndex: 'totalRows', width: 90, align: 'right', render: t.rows },
          {
            title: t.columns.committed,
            dataIndex: 'committedRows',
            width: 90,
            align: 'right',
            render: (value: number, row) => t.rows(value - row.undoneRows),
          },
          {
            title: t.columns.by,
            dataIndex: 'createdByName',
            width: 110,
            render: (v: string | null) => v ?? '-',
          },
          {
            title: t.columns.at,
            dataIndex: 'createdAt',
            width: 150,
            render: (v: string) => formatDateTime(v),
          },
        ]}
      />
    </Card>
  );
}
