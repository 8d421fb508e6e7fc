import type { IconDefinition } from '@ant-design/icons-svg/es/types';

/** A few lines of DOM building for the plain login page (docs/wire.md#the-login-page): no framework on it. */
type Child = Node | string | null | undefined | false;
type Props = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== undefined) element.setAttribute(name, String(value));
  }
  element.append(...children.filter((child): child is Node | string => Boolean(child)));
  return element;
}

/** Sets or removes an attribute. */
export function attr(element: Element, name: string, value: string | undefined): void {
  if (value === undefined) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

const SVG = 'http://www.w3.org/2000/svg';

/** An antd icon from its definition in @ant-design/icons-svg, as components/plain-icon.tsx draws it. Decorative. */
export function icon(definition: IconDefinition): SVGSVGElement {
  const node =
    typeof definition.icon === 'function' ? definition.icon('currentColor', 'currentColor') : definition.icon;
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({
    viewBox: String(node.attrs.viewBox),
    width: '1em',
    height: '1em',
    fill: 'currentColor',
    'aria-hidden': 'true',
    focusable: 'false',
  })) {
    svg.setAttribute(name, value);
  }
  for (const child of node.children ?? []) {
    if (child.tag !== 'path') continue;
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', String(child.attrs.d));
    svg.append(path);
  }
  return svg;
}
