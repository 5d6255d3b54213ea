// A screen's (or a section's) two notices: a success, which the caller clears after a
// while, and a failure, which stays until dismissed. Both can be dismissed.
import { Alert } from '@aws-amplify/ui-react';
import { dismissLabel } from '../i18n/amplify-labels';

interface NoticesProps {
  notice?: { message: string | null; clear: () => void };
  failure?: string | null;
  onDismissFailure?: () => void;
  /**
   * Where they stand: 'toast' floats the success over the foot of the screen (the page
   * does not jump when it goes) and keeps the failure at the top; 'page' and 'panel'
   * keep both in the flow of a screen or of a panel; none, in a section's own flow.
   */
  place?: 'toast' | 'page' | 'panel';
}

const CLASSES = {
  toast: ['page-toast', 'page-notice'],
  page: ['page-notice', 'page-notice'],
  panel: ['panel-notice', 'panel-notice'],
} as const;

export function Notices({ notice, failure, onDismissFailure, place }: NoticesProps) {
  const [successClass, failureClass] = place ? CLASSES[place] : [undefined, undefined];
  return (
    <>
      {notice?.message ? (
        <Alert variation="success" role="status" className={successClass} isDismissible {...dismissLabel()} onDismiss={notice.clear}>
          {notice.message}
        </Alert>
      ) : null}
      {failure ? (
        <Alert variation="error" className={failureClass} isDismissible={Boolean(onDismissFailure)} {...dismissLabel()} onDismiss={onDismissFailure}>
          {failure}
        </Alert>
      ) : null}
    </>
  );
}
