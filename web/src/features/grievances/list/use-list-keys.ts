// The grievance list's keyboard, for staff who work a queue all day: '/' to the search box,
// 'j' and 'k' down and up the rows, Enter to open the row reached, 'x' to select it or let it
// go, 'c' for a new case and '?' for the list of these keys. A key typed into a box is text,
// never a shortcut (a checkbox is no box: 'j' goes on from a row's checkbox, and Enter on it
// opens nothing); with Ctrl, Meta (⌘) or Alt held it belongs to the browser or the system; in
// a dialog or a menu it is theirs.
import { useEffect, useRef, useState } from 'react';

export type ListKey = '/' | 'j' | 'k' | 'Enter' | 'x' | 'c' | '?';

export interface ListKeyHandlers {
  /** How many rows the table shows. */
  rowCount: number;
  /** What the rows answer (the list's first page): new rows forget the row reached. */
  rowsKey: string;
  /** '/': to the search box. */
  onSearch: () => void;
  /** 'j' or 'k' reached row `index`: show it and bring it into view. */
  onRow: (index: number) => void;
  /** Enter: open row `index`. */
  onOpen: (index: number) => void;
  /** 'x': select row `index`, or let it go. */
  onSelect?: (index: number) => void;
  /** 'c': start a new case; absent for a user who may not create one. */
  onNew?: () => void;
  /** '?': show the shortcuts. */
  onHelp: () => void;
  /** The row an element is in, when it is in one (a row's link reached with Tab). */
  rowOf?: (element: Element) => number | null;
}

/** The keys the physical J, K, C and / keys stand for, on a layout that types other letters there (Hindi InScript). */
const BY_CODE: Record<string, ListKey> = { KeyJ: 'j', KeyK: 'k', KeyX: 'x', KeyC: 'c' };

/** The shortcut a key press asks for, if any. */
export function shortcutOf(event: Pick<KeyboardEvent, 'key' | 'code' | 'shiftKey'>): ListKey | null {
  const { key } = event;
  if (key === 'Enter' || key === '/' || key === '?' || key === 'j' || key === 'k' || key === 'x' || key === 'c') return key;
  // A letter of another script: go by the key's place on the keyboard.
  if (key.length === 1 && key > '\u007f') {
    if (event.code === 'Slash') return event.shiftKey ? '?' : '/';
    if (!event.shiftKey && event.code in BY_CODE) return BY_CODE[event.code];
  }
  return null;
}

/** Whether a key pressed in `target` is typed into it: an input (not a checkbox or radio), textarea, select or editable text. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.matches('input:not([type="checkbox"]):not([type="radio"]), textarea, select')) return true;
  return target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/** Whether Enter in `target` is the control's own (a link, a button...), not the list's. */
function isControl(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.matches(
      'a[href], button, summary, input, [role="button"], [role="link"], [role="menuitem"], [role="tab"], [role="checkbox"], [role="option"]',
    )
  );
}

/** Whether a dialog or menu holds the keyboard: the list's keys wait until it closes. */
function isElsewhere(target: EventTarget | null): boolean {
  if (typeof document !== 'undefined' && document.querySelector('dialog[open]')) return true;
  return target instanceof Element && target.closest('dialog, [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null;
}

/**
 * Listens for the list's keys on the document while mounted. Returns the row reached with
 * 'j' and 'k' (null before any, or once the rows change).
 */
export function useListKeys(handlers: ListKeyHandlers): { current: number | null } {
  const [reached, setReached] = useState<{ rowsKey: string; index: number } | null>(null);
  const current =
    reached && reached.rowsKey === handlers.rowsKey && reached.index < handlers.rowCount ? reached.index : null;

  // The listener stays; what it reads is the latest render's.
  const latest = useRef({ handlers, current });
  latest.current = { handlers, current };

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      const key = shortcutOf(event);
      if (!key || isTyping(event.target) || isElsewhere(event.target)) return;
      const { handlers: h, current: at } = latest.current;

      // From the row the focus is in, if the user went there another way; else from the row reached.
      const focused = event.target instanceof Element && h.rowOf ? h.rowOf(event.target) : null;
      const from = focused ?? at;
      const move = (index: number) => {
        event.preventDefault();
        setReached({ rowsKey: h.rowsKey, index });
        h.onRow(index);
      };

      switch (key) {
        case '/':
          event.preventDefault();
          h.onSearch();
          return;
        case '?':
          event.preventDefault();
          h.onHelp();
          return;
        case 'c':
          if (!h.onNew) return;
          event.preventDefault();
          h.onNew();
          return;
        case 'j':
          if (h.rowCount > 0) move(from === null ? 0 : Math.min(from + 1, h.rowCount - 1));
          return;
        case 'k':
          if (h.rowCount > 0) move(from === null ? 0 : Math.max(from - 1, 0));
          return;
        case 'x':
          if (!h.onSelect || from === null) return;
          event.preventDefault();
          h.onSelect(from);
          return;
        case 'Enter': {
          // Enter on a link or button does what it does (on the row's own link: opens the row).
          if (isControl(event.target) || from === null) return;
          event.preventDefault();
          h.onOpen(from);
          return;
        }
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return { current };
}
