import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A message that clears itself after `ms` (the admin-role deletion
 * message and the dropdown errors clear after 3000 ms). `ms` of 0 keeps it.
 */
export function useTransientMessage(ms = 3000) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback(
    (text: string) => {
      window.clearTimeout(timer.current);
      setMessage(text);
      if (ms > 0) timer.current = window.setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { message, show, clear };
}
