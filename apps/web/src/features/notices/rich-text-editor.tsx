import { Form } from 'antd';
import { useEffect, useRef } from 'react';
import { useToast } from '../../components/toast';
import { koNotices } from '../../locales/ko/notices';
import { NOTICE_FORMATS, NOTICE_TOOLBAR, Quill } from './quill-setup';
import './rich-text-editor.css';

const t = koNotices.toolbar;

/** Base64 grows a third: a 100 KB picture stays well inside the notice's 200,000 characters. */
const MAX_IMAGE_BYTES = 100 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Toolbar controls by selector, with the Korean name a screen reader and a tooltip give them. */
const CONTROL_LABELS: [string, string][] = [
  ['.ql-header .ql-picker-label', t.header],
  ['button.ql-bold', t.bold],
  ['button.ql-italic', t.italic],
  ['button.ql-underline', t.underline],
  ['button.ql-strike', t.strike],
  ['.ql-color .ql-picker-label', t.color],
  ['.ql-background .ql-picker-label', t.background],
  ['button.ql-list[value="ordered"]', t.orderedList],
  ['button.ql-list[value="bullet"]', t.bulletList],
  ['button.ql-indent[value="-1"]', t.indentLess],
  ['button.ql-indent[value="+1"]', t.indentMore],
  ['.ql-align .ql-picker-label', t.align],
  ['button.ql-blockquote', t.blockquote],
  ['button.ql-code-block', t.codeBlock],
  ['button.ql-link', t.link],
  ['button.ql-image', t.image],
  ['button.ql-clean', t.clean],
];

/**
 * The editor's HTML in the shape the server stores: semantic lists (`getSemanticHTML`, not the editor's own
 * `<ol data-list>`), ordinary spaces so lines still wrap (Quill 2.0.3 writes every space as `&nbsp;`), and
 * nothing at all for an empty document.
 */
export function editorHtml(quill: Quill): string {
  const hasEmbed = quill.getContents().ops.some((op) => typeof op.insert !== 'string');
  if (!hasEmbed && quill.getText().trim() === '') return '';
  return quill.getSemanticHTML().replace(/(?:&nbsp;)+/g, (run) => `${'&nbsp;'.repeat(run.length / 6 - 1)} `);
}

function load(quill: Quill, html: string) {
  quill.setContents(quill.clipboard.convert({ html }), 'silent');
}

type RichTextEditorProps = {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  label: string;
  placeholder?: string;
};

/** Quill (snow theme) as a controlled form field; antd's Form.Item hands it `value` and `onChange`. */
export function RichTextEditor({ value = '', onChange, id, label, placeholder }: RichTextEditorProps) {
  const invalid = Form.Item.useStatus().status === 'error';
  const host = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  const toast = useToast();
  const toastRef = useRef(toast);

  useEffect(() => {
    onChangeRef.current = onChange;
    toastRef.current = toast;
  });

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const mount = document.createElement('div');
    container.append(mount);
    const quill = new Quill(mount, {
      theme: 'snow',
      placeholder,
      formats: NOTICE_FORMATS,
      modules: { toolbar: { container: NOTICE_TOOLBAR, handlers: { image: () => pickImage(quill) } } },
    });
    const toolbar = container.querySelector('.ql-toolbar');
    for (const [selector, name] of CONTROL_LABELS) {
      for (const control of toolbar?.querySelectorAll(selector) ?? []) {
        control.setAttribute('aria-label', name);
        control.setAttribute('title', name);
      }
    }
    toolbar?.setAttribute('aria-label', label);
    toolbar?.setAttribute('role', 'toolbar');
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    quill.root.setAttribute('aria-label', label);
    if (id) quill.root.id = id;
    if (emitted.current) load(quill, emitted.current);
    quill.on('text-change', (_delta, _old, source) => {
      if (source !== 'user') return;
      const html = editorHtml(quill);
      emitted.current = html;
      onChangeRef.current?.(html);
    });
    quillRef.current = quill;

    function pickImage(editor: Quill) {
      const input = document.createElement('input');
      input.type = 'file';
      input.accept = IMAGE_TYPES.join(',');
      input.onchange = () => {
        const file = input.files?.[0];
        if (!file) return;
        if (!IMAGE_TYPES.includes(file.type) || file.size > MAX_IMAGE_BYTES) {
          toastRef.current.error(koNotices.imageTooLarge);
          return;
        }
        const reader = new FileReader();
        reader.onload = () => {
          const range = editor.getSelection(true);
          editor.insertEmbed(range.index, 'image', reader.result, 'user');
          editor.setSelection(range.index + 1, 0, 'silent');
        };
        reader.readAsDataURL(file);
      };
      input.click();
    }

    return () => {
      quill.off('text-change');
      quillRef.current = null;
      container.replaceChildren();
    };
  }, [id, label, placeholder]);

  // A value set from outside (reset, the latest version after a conflict): show it.
  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === emitted.current) return;
    emitted.current = value;
    load(quill, value);
  }, [value]);

  return <div ref={host} className={`rich-text-editor${invalid ? ' rich-text-editor-invalid' : ''}`} />;
}
