// A text box that applies what is typed after a pause, so that a search
// reaches the server once per thought rather than once per key.
import { useEffect, useRef, useState } from 'react';

/** Pause in typing before a text filter applies. */
export const TYPING_DELAY_MS = 350;

/**
 * A text value that follows `value` (the URL, the query) but applies itself
 * through `apply` only after a pause; the third element applies at once.
 */
export function useDebouncedText(value: string, apply: (next: string) => void) {
  const [draft, setDraft] = useState(value);
  const applied = useRef(value);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  // Follow the value when it changes from elsewhere (Clear All, back button),
  // not when it catches up with what was typed.
  useEffect(() => {
    if (value !== applied.current) {
      applied.current = value;
      setDraft(value);
    }
  }, [value]);
  useEffect(() => {
    if (draft === applied.current) return;
    const timer = window.setTimeout(() => {
      applied.current = draft;
      applyRef.current(draft);
    }, TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft]);
  const now = (next: string) => {
    applied.current = next;
    setDraft(next);
    applyRef.current(next);
  };
  return [draft, setDraft, now] as const;
}
