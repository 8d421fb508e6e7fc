import { EPS_COUNTRIES, FREQUENT_COUNTRIES, NATIONALITY_CODES, nationalityLabel } from '@ilson/contracts';
import { Select, type SelectProps } from 'antd';
import { koWorkers } from '../locales/ko/workers';

const option = (code: string) => ({ value: code, label: nationalityLabel(code), code });

const first = new Set<string>([...EPS_COUNTRIES, ...FREQUENT_COUNTRIES]);

/** docs/DOMAIN.md: the EPS sending countries first, then the frequent ones, then every country, in Korean. */
export const NATIONALITY_OPTIONS = [
  { label: koWorkers.nationalityGroups.eps, title: 'eps', options: EPS_COUNTRIES.map(option) },
  {
    label: koWorkers.nationalityGroups.frequent,
    title: 'frequent',
    options: FREQUENT_COUNTRIES.map(option),
  },
  {
    label: koWorkers.nationalityGroups.all,
    title: 'all',
    options: NATIONALITY_CODES.filter((code) => !first.has(code)).map(option),
  },
];

type NationalitySelectProps = Omit<SelectProps<string>, 'options'>;

/** A searchable select of nationalities by Korean name or ISO code. */
export function NationalitySelect(props: NationalitySelectProps) {
  return (
    <Select<string>
      showSearch={{ optionFilterProp: ['label', 'value'] }}
      popupMatchSelectWidth={220}
      {...props}
      options={NATIONALITY_OPTIONS}
    />
  );
}
