import sanitizeHtml from 'sanitize-html';

/**
 * The one HTML allow-list of rich text (notices): what a rich-text editor produces and nothing that runs.
 * Everything else is dropped: script/style/iframe/object/embed/svg/math (with their content), every `on*`
 * attribute, relative URLs and every scheme but http(s) and mailto (images: http(s) and raster
 * `data:image/…;base64`), and any style property but colours, alignment and table/image sizes.
 */
const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+|\d{1,3}%)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];
const LENGTH = [/^\d{1,4}(\.\d{1,2})?(px|%|em|rem)$/];
const SIZES = { width: LENGTH, 'min-width': LENGTH };

const LINK_URL = /^(https?:\/\/|mailto:)/i;
const IMAGE_URL = /^(https?:\/\/|data:image\/(png|jpe?g|gif|webp|avif|bmp);base64,[a-z0-9+/]+={0,2}$)/i;
/** Browsers ignore control characters and spaces inside a scheme (`java\tscript:`): so does the check. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
const compact = (url: string) => url.replace(/[\u0000-\u0020\u007f-\u00a0]+/g, '');

/** The attributes that pass, in their order. */
const keep = (attribs: sanitizeHtml.Attributes, pass: (name: string, value: string) => boolean) =>
  Object.fromEntries(Object.entries(attribs).filter(([name, value]) => pass(name, value)));

export const RICH_TEXT_TAGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'blockquote', 'code', 'pre'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'sub', 'sup', 'mark'],
  ...['ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption'],
  ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col'],
];

const options: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: {
    '*': ['style', 'class'],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    col: ['span'],
  },
  allowedClasses: { '*': ['ql-align-*', 'ql-indent-*'] },
  allowedStyles: {
    '*': { color: COLOR, 'background-color': COLOR, 'text-align': [/^(left|right|center|justify)$/] },
    table: SIZES,
    col: SIZES,
    td: SIZES,
    th: SIZES,
    img: { width: LENGTH, height: LENGTH },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped together with everything inside them.
  nonTextTags: [
    ...['script', 'style', 'textarea', 'option', 'select', 'noscript', 'template', 'title', 'xmp'],
    ...['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'noembed', 'noframes'],
  ],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...keep(attribs, (name, value) =>
          name === 'href'
            ? LINK_URL.test(compact(value))
            : name === 'target'
              ? value === '_blank'
              : name !== 'rel',
        ),
        rel: 'noopener noreferrer',
      },
    }),
    img: (tagName, attribs) => ({
      tagName,
      attribs: keep(attribs, (name, value) => name !== 'src' || IMAGE_URL.test(compact(value))),
    }),
  },
  // An image whose source was refused is dropped rather than left as an empty frame.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The HTML as it is stored and served (the preview shows exactly this). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Whether sanitised HTML shows anything: some text, or an image. */
export function hasVisibleContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;|\s/g, '').length > 0;
}
