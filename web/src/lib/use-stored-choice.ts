// A choice the user makes once and expects the browser to remember (the list's
// density, whether its filters are open): kept in localStorage under `key`,
// read back only when it is one of the allowed values.
import { useCallback, useState } from 'react';

function readChoice<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const saved = localStorage.getItem(key);
    return allowed.find((value) => value === saved) ?? fallback;
  } catch {
    return fallback;
  }
}

export function useStoredChoice<T extends string>(key: string, allowed: readonly T[], fallback: T): [T, (next: T) => void] {
  const [choice, setChoice] = useState<T>(() => readChoice(key, allowed, fallback));
  const choose = useCallback(
    (next: T) => {
      setChoice(next);
      try {
        localStorage.setItem(key, next);
      } catch {
        // Storage refused (private mode, quota): the choice lasts for this page only.
      }
    },
    [key],
  );
  return [choice, choose];
}
