import { useEffect } from 'react';

/**
 * Boxes that may scroll: antd's table bodies and our own (`.scroll-region`: a chart's table, the matching steps
 * on a phone).
 */
const SCROLLERS = '.ant-table-content, .ant-table-body, .scroll-region';
const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select, textarea, [tabindex]';
/** Marks a Tab stop this module added, so it is taken away again when the box stops scrolling. */
const ADDED = 'data-scroll-stop';

/**
 * Two fixes to markup that props cannot reach (docs/web-app.md#accessibility):
 * - antd's table measure row (hidden, zero height) holds copies of the header cells, the select-all checkbox among
 *   them; it becomes `inert`, so the hidden copy takes no focus;
 * - a box that scrolls and holds nothing focusable (a wide table with no links, a chart's table) becomes a Tab stop,
 *   so a keyboard can scroll it.
 */
export function patchAccessibility(root: ParentNode) {
  for (const row of root.querySelectorAll<HTMLElement>('.ant-table-measure-row')) {
    if (!row.inert) row.inert = true;
  }
  for (const box of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    const added = box.hasAttribute(ADDED);
    const needsStop = scrolls && !box.querySelector(FOCUSABLE);
    if (needsStop && !added && !box.hasAttribute('tabindex')) {
      box.tabIndex = 0;
      box.setAttribute(ADDED, '');
    } else if (!needsStop && added) {
      box.removeAttribute('tabindex');
      box.removeAttribute(ADDED);
    }
  }
}

/** Runs `patchAccessibility` over the page after each change to it (once a frame) and on resize. */
export function useAccessibilityPatches() {
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        patchAccessibility(document);
      });
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, []);
}
