import { useEffect } from 'react';

/** Controls where Enter chooses a value: a date or time picker, a select (docs/web-app.md#forms). */
const PICKERS = '.ant-picker, .ant-select';

/**
 * Cancels the browser's implicit submission when Enter is pressed inside a picker. It listens on the document,
 * after the picker's own handler has taken the value (React dispatches at its root, inside the document), so
 * the picker still confirms the date; only the form's submit is stopped.
 */
export function keepEnterInPickers(event: KeyboardEvent) {
  if (event.key !== 'Enter' || event.isComposing) return;
  const target = event.target;
  if (target instanceof Element && target.closest(PICKERS) && target.closest('form')) event.preventDefault();
}

/** Installs `keepEnterInPickers` for the whole app, modals included (they render into document.body). */
export function useEnterGuard() {
  useEffect(() => {
    document.addEventListener('keydown', keepEnterInPickers);
    return () => document.removeEventListener('keydown', keepEnterInPickers);
  }, []);
}
