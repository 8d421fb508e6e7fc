import { z } from '@ilson/contracts';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import {
  type ApiErrorDetail,
  classifyError,
  detailText,
  isLinkedDetail,
  type LinkedDetail,
} from '../../api/errors';
import { showErrorToast, type ToastApi } from '../toast';

// biome-ignore lint/suspicious/noExplicitAny: any object schema of the contracts.
export type ObjectSchema = z.ZodObject<any>;

/** A detail's field (`desiredIndustries.0`, `address[1]`) as the form field it belongs to. */
function topField(path: string): string {
  return path.split(/[.[]/)[0] ?? path;
}

/**
 * The field a path names: its top-level field, or for a list of entries edited with `Form.List` (`nested`)
 * the entry's own field, `workExperience.0.companyName`.
 */
function fieldOf(path: readonly PropertyKey[], nested: readonly string[]): string {
  const [list, index, key] = path.map(String);
  if (list && nested.includes(list) && index !== undefined && /^\d+$/.test(index) && key) {
    return `${list}.${index}.${key}`;
  }
  return topField(list ?? '');
}

function splitPath(field: string): string[] {
  return field.split(/[.[\]]+/).filter(Boolean);
}

/** `workExperience.0.companyName` → antd's name path `['workExperience', 0, 'companyName']`. */
function namePath(key: string): string | (string | number)[] {
  if (!key.includes('.')) return key;
  return key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Immediate feedback on one field with the contracts' own rule and Korean message. Empty values pass unless
 * `checkEmpty` (then a select's "선택해 주세요" comes from the schema too); the submit runs the whole schema.
 */
export function schemaRule(schema: ObjectSchema, field: string, { checkEmpty = false } = {}): Rule {
  // The field inside an object of its own name, so the Korean message carries the field's label.
  const single = z.object({ [field]: schema.shape[field] });
  return {
    validator: async (_rule, value: unknown) => {
      const empty = value === undefined || value === null || value === '';
      if (empty && !checkEmpty) return;
      // An empty select checked as '' meets the schema's own "선택해 주세요", not zod's type message.
      const result = single.safeParse({ [field]: empty ? '' : value });
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}

type Messages = Map<string, string[]>;

function group(entries: { field: string; message: string }[]): Messages {
  const byField: Messages = new Map();
  for (const { field, message } of entries) {
    const list = byField.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    byField.set(field, list);
  }
  return byField;
}

function show(form: FormInstance, byField: Messages, { scroll = true } = {}) {
  form.setFields([...byField].map(([name, errors]) => ({ name: namePath(name), errors })));
  const first = byField.keys().next().value;
  if (first && scroll) form.scrollToField(namePath(first), { block: 'center', behavior: 'smooth' });
}

export type SchemaCheck<T> = { ok: true; data: T } | { ok: false };

/** The submit's check: the whole input schema, each issue shown on its field. */
export function checkWithSchema<S extends ObjectSchema>(
  form: FormInstance,
  schema: S,
  input: unknown,
  nested: readonly string[] = [],
): SchemaCheck<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  show(
    form,
    group(
      result.error.issues.map((issue) => ({ field: fieldOf(issue.path, nested), message: issue.message })),
    ),
  );
  return { ok: false };
}

/**
 * Server details (`field` already camelCase) onto the form's fields. Returns the messages that name no field
 * of this form, for a banner above it, and apart the details that point at records (`linked`), for the
 * banner's links. A linked detail naming a field of the form also marks that field with what it says, but
 * does not count as `mapped` nor scroll: the banner is what to read.
 */
export function applyServerErrors(
  form: FormInstance,
  details: readonly ApiErrorDetail[],
  fields: readonly string[],
  nested: readonly string[] = [],
): { mapped: boolean; unmapped: string[]; linked: LinkedDetail[] } {
  const onFields: { field: string; message: string }[] = [];
  const marked: { field: string; message: string }[] = [];
  const unmapped: string[] = [];
  const linked: LinkedDetail[] = [];
  for (const detail of details) {
    const field = detail.field ? fieldOf(splitPath(detail.field), nested) : undefined;
    const onForm = field !== undefined && fields.includes(topField(field));
    if (isLinkedDetail(detail)) {
      linked.push(detail);
      const text = detailText(detail);
      if (onForm && text) marked.push({ field, message: text });
    } else if (onForm) onFields.push({ field, message: detail.message });
    else unmapped.push(detail.message);
  }
  if (onFields.length + marked.length > 0) {
    show(form, group([...onFields, ...marked]), { scroll: onFields.length > 0 });
  }
  return { mapped: onFields.length > 0, unmapped, linked };
}

/**
 * A dialog form's failed save: a validation reply goes onto its fields (what names no field becomes a toast each);
 * anything else is the usual error toast.
 */
export function showSaveError(
  form: FormInstance,
  caught: unknown,
  fields: readonly string[],
  toast: ToastApi,
) {
  const error = classifyError(caught);
  if (error.type !== 'validation') return showErrorToast(toast, error);
  const { unmapped } = applyServerErrors(form, error.details, fields);
  for (const message of unmapped) toast.error(message);
  if (!error.details.length) showErrorToast(toast, error);
}
