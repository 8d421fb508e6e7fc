import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { ko } from '../locales/ko/common';
import { attr, h, icon } from './dom';

export type Field = {
  element: HTMLElement;
  input: HTMLInputElement;
  /** Shows `message` under the input (role alert, linked by aria-describedby), or clears it. */
  setError(message: string | undefined): void;
};

type FieldOptions = {
  id: string;
  label: string;
  input: Record<string, string | boolean | undefined>;
  /** A password with a show/hide toggle. */
  revealable?: boolean;
};

/**
 * A labelled large input in antd's look (plain.css `.ilson-input`), with its message under it: the login form's
 * fields as the React form drew them.
 */
export function field({ id, label, input: props, revealable }: FieldOptions): Field {
  const input = h('input', { id, 'aria-required': 'true', 'aria-invalid': 'false', ...props });
  const box = h('span', { class: 'ilson-input', 'data-invalid': 'false' }, input);
  if (revealable) {
    const toggle = h('button', {
      type: 'button',
      'aria-label': ko.login.showPassword,
      'aria-pressed': 'false',
    });
    const draw = (revealed: boolean) => {
      input.type = revealed ? 'text' : 'password';
      toggle.setAttribute('aria-label', revealed ? ko.login.hidePassword : ko.login.showPassword);
      toggle.setAttribute('aria-pressed', String(revealed));
      toggle.replaceChildren(icon(revealed ? EyeOutlined : EyeInvisibleOutlined));
    };
    draw(false);
    toggle.addEventListener('click', () => draw(input.type === 'password'));
    box.append(toggle);
  }
  const element = h('div', { class: 'login-field' }, h('label', { for: id }, label), box);
  let message: HTMLElement | null = null;
  return {
    element,
    input,
    setError(text) {
      const errorId = `${id}-error`;
      input.setAttribute('aria-invalid', String(Boolean(text)));
      box.dataset.invalid = String(Boolean(text));
      attr(input, 'aria-describedby', text ? errorId : undefined);
      element.dataset.invalid = String(Boolean(text));
      if (!text) {
        message?.remove();
        message = null;
        return;
      }
      if (!message) {
        message = h('div', { id: errorId, role: 'alert', class: 'login-field-error' });
        element.append(message);
      }
      message.textContent = text;
    },
  };
}

/** The primary button's loading state: a small spinner before the text, clicks ignored meanwhile. */
export function setBusy(button: HTMLButtonElement, busy: boolean): void {
  button.setAttribute('aria-busy', String(busy));
  const spinner = button.querySelector('.ilson-spinner');
  if (busy && !spinner) {
    button.prepend(h('span', { class: 'ilson-spinner', 'data-size': 'small', 'aria-hidden': 'true' }));
  } else if (!busy) {
    spinner?.remove();
  }
}
