import { INDUSTRIES, INDUSTRY_LABELS } from '@ilson/contracts';
import { Select, type SelectProps } from 'antd';

export const INDUSTRY_OPTIONS = INDUSTRIES.map((value) => ({ value, label: INDUSTRY_LABELS[value] }));

/**
 * Typing narrows a long option list by its Korean label (docs/web-app.md#forms). Without it antd matches a
 * single select not at all and a multiple one by its code, which nobody types.
 */
export const SEARCH_BY_LABEL = { optionFilterProp: 'label' } as const;

type IndustrySelectProps = Omit<SelectProps<string | string[]>, 'options'>;

/** 업종, one or (with `mode="multiple"`) several, searchable by its Korean name. */
export function IndustrySelect(props: IndustrySelectProps) {
  return <Select<string | string[]> showSearch={SEARCH_BY_LABEL} {...props} options={INDUSTRY_OPTIONS} />;
}
