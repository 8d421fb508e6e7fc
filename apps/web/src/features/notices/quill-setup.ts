import Quill from 'quill/core';
import { AlignClass } from 'quill/formats/align';
import { BackgroundStyle } from 'quill/formats/background';
import Blockquote from 'quill/formats/blockquote';
import Bold from 'quill/formats/bold';
import CodeBlock, { Code } from 'quill/formats/code';
import { ColorStyle } from 'quill/formats/color';
import Header from 'quill/formats/header';
import Image from 'quill/formats/image';
import Indent from 'quill/formats/indent';
import Italic from 'quill/formats/italic';
import Link from 'quill/formats/link';
import List from 'quill/formats/list';
import Strike from 'quill/formats/strike';
import Underline from 'quill/formats/underline';
import Toolbar from 'quill/modules/toolbar';
import SnowTheme from 'quill/themes/snow';

/**
 * Quill with only the formats the server's sanitiser keeps (lib/rich-text): alignment and indent as `ql-*`
 * classes, colours as inline styles, no fonts, sizes, formulas or videos. Registering these instead of importing
 * the whole of `quill` also leaves the bubble theme, tables and syntax highlighting out of the bundle.
 */
Quill.register(
  {
    'formats/align': AlignClass,
    'formats/background': BackgroundStyle,
    'formats/blockquote': Blockquote,
    'formats/bold': Bold,
    'formats/code': Code,
    'formats/code-block': CodeBlock,
    'formats/color': ColorStyle,
    'formats/header': Header,
    'formats/image': Image,
    'formats/indent': Indent,
    'formats/italic': Italic,
    'formats/link': Link,
    'formats/list': List,
    'formats/strike': Strike,
    'formats/underline': Underline,
    'modules/toolbar': Toolbar,
    'themes/snow': SnowTheme,
  },
  true,
);

export const NOTICE_FORMATS = [
  'header',
  'bold',
  'italic',
  'underline',
  'strike',
  'color',
  'background',
  'list',
  'indent',
  'align',
  'blockquote',
  'code',
  'code-block',
  'link',
  'image',
];

export const NOTICE_TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  [{ align: [] }],
  ['blockquote', 'code-block'],
  ['link', 'image'],
  ['clean'],
];

export { Quill };
