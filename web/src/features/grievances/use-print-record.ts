// A grievance printed from its screen (the browser's own print, laid out by case-print.css)
// leaves the building on paper as an export does, so the server records it in the case's
// trail. The browser says so with 'beforeprint'; one print is one record.
import { useEffect, useRef } from 'react';
import { grievancesApi } from './api/grievances';

/**
 * Tells the server each time the page is printed while grievance `id` is shown, then calls
 * `onRecorded` (to read the history again). A failure is let go: the print itself is the
 * user's, and nothing on the screen would help them with a record that was not written.
 */
export function usePrintRecord(id: number, onRecorded: () => void): void {
  // The latest callback, without re-adding the listeners on every render.
  const recorded = useRef(onRecorded);
  useEffect(() => {
    recorded.current = onRecorded;
  });

  useEffect(() => {
    // Between 'beforeprint' and 'afterprint' the print is under way: a second 'beforeprint'
    // then (a browser that fires it again for the preview) is the same print.
    let printing = false;
    const before = () => {
      if (printing) return;
      printing = true;
      grievancesApi.printed(id).then(
        () => recorded.current(),
        () => undefined,
      );
    };
    const after = () => {
      printing = false;
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [id]);
}
