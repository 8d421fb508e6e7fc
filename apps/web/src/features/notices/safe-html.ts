/**
 * A second line of defence for rich text the server has already sanitised (lib/rich-text on the server keeps the
 * same allow-list): before stored HTML reaches `dangerouslySetInnerHTML`, anything outside that list is taken
 * out again, so a row written before the sanitiser, or past it, still cannot run script. The HTML is parsed into
 * an inert document (DOMParser: no script runs, no image loads) and walked element by element.
 */
const ALLOWED_TAGS = new Set([
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'blockquote', 'code', 'pre'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'sub', 'sup', 'mark'],
  ...['ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption'],
  ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col'],
]);

/** Dropped with everything inside them; any other unknown element is replaced by its children. */
const DROPPED_WITH_CONTENT = new Set([
  ...['script', 'style', 'textarea', 'option', 'select', 'noscript', 'template', 'title', 'xmp'],
  ...['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'noembed', 'noframes'],
]);

const ATTRIBUTES: Record<string, readonly string[]> = {
  '*': ['style', 'class'],
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  col: ['span'],
};

const LINK_URL = /^(https?:\/\/|mailto:)/i;
const IMAGE_URL = /^(https?:\/\/|data:image\/(png|jpe?g|gif|webp|avif|bmp);base64,[a-z0-9+/]+={0,2}$)/i;
const CLASS_NAME = /^ql-(align|indent)-[\w-]+$/;
const COLOR =
  /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+|\d{1,3}%)\s*)?\)|[a-z]{3,20})$/i;
const LENGTH = /^\d{1,4}(\.\d{1,2})?(px|%|em|rem)$/;
const STYLES: Record<string, RegExp> = {
  color: COLOR,
  'background-color': COLOR,
  'text-align': /^(left|right|center|justify)$/,
  width: LENGTH,
  'min-width': LENGTH,
  height: LENGTH,
};
// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these inside a scheme, so must the check.
const compact = (url: string) => url.replace(/[\u0000-\u0020\u007f-\u00a0]+/g, '');

function cleanStyle(value: string): string {
  return value
    .split(';')
    .map((part) => part.trim())
    .filter((part) => {
      const [name, ...rest] = part.split(':');
      const pattern = STYLES[name?.trim().toLowerCase() ?? ''];
      return pattern?.test(rest.join(':').trim()) ?? false;
    })
    .join('; ');
}

function cleanAttributes(element: Element) {
  const tag = element.tagName.toLowerCase();
  const allowed = new Set([...(ATTRIBUTES['*'] ?? []), ...(ATTRIBUTES[tag] ?? [])]);
  for (const { name, value } of [...element.attributes]) {
    const lower = name.toLowerCase();
    let keep = allowed.has(lower);
    if (keep && lower === 'href') keep = LINK_URL.test(compact(value));
    if (keep && lower === 'src') keep = IMAGE_URL.test(compact(value));
    if (keep && lower === 'target') keep = value === '_blank';
    if (keep && lower === 'class') {
      const classes = value.split(/\s+/).filter((c) => CLASS_NAME.test(c));
      if (classes.length > 0) element.setAttribute('class', classes.join(' '));
      keep = classes.length > 0;
      if (keep) continue;
    }
    if (keep && lower === 'style') {
      const style = cleanStyle(value);
      if (style) element.setAttribute('style', style);
      keep = style !== '';
      if (keep) continue;
    }
    if (!keep) element.removeAttribute(name);
  }
  if (tag === 'a') element.setAttribute('rel', 'noopener noreferrer');
}

function cleanChildren(parent: Element) {
  for (const child of [...parent.children]) {
    const tag = child.tagName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) {
      child.remove();
    } else if (!ALLOWED_TAGS.has(tag)) {
      cleanChildren(child);
      child.replaceWith(...child.childNodes);
    } else if (tag === 'img' && !IMAGE_URL.test(compact(child.getAttribute('src') ?? ''))) {
      child.remove();
    } else {
      cleanAttributes(child);
      cleanChildren(child);
    }
  }
}

/** The HTML with only the allow-listed tags, attributes, classes, styles and URLs left. */
export function safeRichText(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}
