import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import type { CSSProperties } from 'react';

/**
 * An antd icon drawn from its definition in @ant-design/icons-svg, without @ant-design/icons' component and context:
 * for the screens that render before antd is loaded (docs/web-app.md#first-load). Decorative (aria-hidden).
 */
export function PlainIcon({ icon, style }: { icon: IconDefinition; style?: CSSProperties }) {
  const node = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <svg
      viewBox={node.attrs.viewBox}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      style={style}
    >
      {(node.children ?? []).map((child, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of paths.
        child.tag === 'path' ? <path key={index} d={String(child.attrs.d)} /> : null,
      )}
    </svg>
  );
}
