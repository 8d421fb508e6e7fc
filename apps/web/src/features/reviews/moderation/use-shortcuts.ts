import { useEffect, useRef } from 'react';

export type ShortcutHandlers = {
  publish?(): void;
  hide?(): void;
  next(): void;
  previous(): void;
  skip(): void;
  confirm?(): void;
  cancel?(): void;
};

/** Typing in a field, or working in a dialog or menu, is never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.closest('[role="dialog"], [role="listbox"], [role="menu"]') !== null;
}

/**
 * The queue's keys, by physical key (`event.code`), so they work with a Korean keyboard layout too:
 * A 게시, H 숨김, J/↓ 다음, K/↑ 이전, S 건너뛰기, Enter/Esc for the open reason.
 */
export function useModerationShortcuts(handlers: ShortcutHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      const h = latest.current;
      const action: (() => void) | undefined = {
        KeyA: h.publish,
        KeyH: h.hide,
        KeyJ: h.next,
        ArrowDown: h.next,
        KeyK: h.previous,
        ArrowUp: h.previous,
        KeyS: h.skip,
        Enter: h.confirm,
        NumpadEnter: h.confirm,
        Escape: h.cancel,
      }[event.code];
      if (!action || (event.repeat && event.code !== 'ArrowDown' && event.code !== 'ArrowUp')) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
