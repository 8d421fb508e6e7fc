import type { z } from '@ilson/contracts';
import { App, type FormInstance } from 'antd';
import { createElement, useCallback, useState } from 'react';
import { classifyError } from '../../api/errors';
import { koKit } from '../../locales/ko/kit';
import { type Refusal, refusalOf } from '../linked-records';
import { useErrorToast, useToast } from '../toast';
import { type ConflictCompare, ConflictComparison } from './conflict-comparison';
import { applyServerErrors, checkWithSchema, type ObjectSchema } from './field-errors';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

type RecordFormOptions<S extends ObjectSchema, R> = {
  form: FormInstance;
  schema: S;
  /** The form's field names: server details naming one of these are shown on it. */
  fields: readonly string[];
  // biome-ignore lint/suspicious/noExplicitAny: antd hands the form's values over untyped.
  toInput(values: any): unknown;
  submit(data: z.output<S>): Promise<R>;
  /** After a save; navigation from here does not ask about unsaved changes. */
  onSaved(result: R): void;
  /** A 409 that names no field on an update: someone saved first. */
  onStaleVersion?(): void;
  /** Lists edited entry by entry (`Form.List`): their errors land on the entry's field. */
  nestedLists?: readonly string[];
};

/**
 * One submit path for every record form: field rules, then the contracts' schema, then the server; its
 * field errors land on the fields, the rest in a banner or a toast. A refusal that names records (matchings
 * the change would break) becomes `refusal`, which the banner shows with links. Tracks unsaved input and
 * guards it.
 */
export function useRecordForm<S extends ObjectSchema, R>(options: RecordFormOptions<S, R>) {
  const { form, schema, fields, toInput, submit, onSaved, onStaleVersion, nestedLists = [] } = options;
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const leave = useUnsavedChangesGuard(dirty);
  const toast = useToast();
  const showError = useErrorToast();
  const t = koKit.form;

  // biome-ignore lint/suspicious/noExplicitAny: antd hands the form's values over untyped.
  const handleFinish = async (values: any) => {
    setBanner([]);
    setRefusal(null);
    const check = checkWithSchema(form, schema, toInput(values), nestedLists);
    if (!check.ok) {
      toast.error(t.checkFields);
      return;
    }
    setSaving(true);
    try {
      const result = await submit(check.data);
      setDirty(false);
      leave(() => onSaved(result));
    } catch (caught) {
      const error = classifyError(caught);
      const applied = applyServerErrors(form, error.details, fields, nestedLists);
      const { mapped, unmapped } = applied;
      const refused = refusalOf(error.message, applied);
      if (refused) {
        setRefusal(refused);
        if (mapped) toast.error(t.checkFields);
      } else if (mapped) {
        setBanner(unmapped);
        toast.error(t.checkFields);
      } else if (error.status === 409 && error.serverCode === 'CONFLICT' && onStaleVersion) {
        onStaleVersion();
      } else if (error.type === 'validation') {
        setBanner(unmapped.length > 0 ? unmapped : [error.message]);
      } else {
        showError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  const handleFinishFailed = useCallback(() => toast.error(koKit.form.checkFields), [toast]);
  const handleValuesChange = useCallback(() => setDirty(true), []);

  return {
    handleFinish,
    handleFinishFailed,
    handleValuesChange,
    dirty,
    setDirty,
    saving,
    banner,
    refusal,
    leave,
  };
}

/**
 * The stale-version dialog: the user's input stays on screen until they pick reload or keep; with `compare`, the
 * dialog lists the fields whose saved value differs from the input (내 입력 · 최신 내용).
 */
export function useConflictDialog() {
  const { modal } = App.useApp();
  return useCallback(
    (reload: () => Promise<void>, compare?: ConflictCompare) => {
      const t = koKit.form;
      modal.confirm({
        title: t.conflictTitle,
        content: compare
          ? createElement(
              'div',
              null,
              createElement('p', null, t.conflictBody),
              createElement(ConflictComparison, { compare }),
            )
          : t.conflictBody,
        okText: t.conflictReload,
        cancelText: t.conflictKeep,
        width: compare ? 640 : 480,
        onOk: reload,
      });
    },
    [modal],
  );
}

/**
 * An edit form's answer to a stale version: the dialog compares the input with the record as saved now, and on
 * 최신 내용 불러오기 puts the latest into the form (and its version into the next save). Returns what `onStaleVersion`
 * calls, given how to mark the form clean.
 */
export function useStaleVersionDialog<T extends { version: number }>(options: {
  form: FormInstance;
  /** The record as saved now (undefined when it can no longer be read). */
  latest(): Promise<T | undefined>;
  toValues(record: T): object;
  setVersion(version: number): void;
  labels: Record<string, string>;
  format?: ConflictCompare['format'];
  /** After the latest is in the form: what else the form keeps of the record (masked identifiers). */
  onReloaded?(record: T): void;
}) {
  const openConflict = useConflictDialog();
  const toast = useToast();
  const { form, latest, toValues, setVersion, labels, format, onReloaded } = options;
  return (markClean: () => void) =>
    openConflict(
      async () => {
        const record = await latest();
        if (!record) return;
        form.resetFields();
        form.setFieldsValue(toValues(record));
        setVersion(record.version);
        onReloaded?.(record);
        markClean();
        toast.info(koKit.form.conflictReloaded);
      },
      {
        latest: async () => {
          const record = await latest();
          return record ? (toValues(record) as Record<string, unknown>) : null;
        },
        current: () => form.getFieldsValue(true),
        labels,
        format,
      },
    );
}
