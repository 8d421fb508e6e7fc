import { Tag } from 'antd';

/** antd preset colours a status may take. */
export type StatusColor =
  | 'default'
  | 'processing'
  | 'success'
  | 'warning'
  | 'error'
  | 'gold'
  | 'green'
  | 'blue'
  | 'cyan'
  | 'purple'
  | 'magenta'
  | 'volcano'
  | 'red'
  | 'orange'
  | 'geekblue';

type StatusTagProps<S extends string> = {
  status: S;
  labels: Record<S, string>;
  colors: Record<S, StatusColor>;
};

/** A record's status as a coloured tag, with the contracts' Korean label. */
export function StatusTag<S extends string>({ status, labels, colors }: StatusTagProps<S>) {
  return (
    <Tag color={colors[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {labels[status] ?? status}
    </Tag>
  );
}
