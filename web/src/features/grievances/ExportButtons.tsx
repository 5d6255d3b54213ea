// Excel, PDF and Officers exports of the list with its filters (spec §2; not
// permission-gated). The API answers a short-lived link, opened in a new
// window; the session token never goes into a URL (DESIGN.md).
import { useState } from 'react';
import { Alert, Button, Flex, Link as ExternalLink } from '@aws-amplify/ui-react';
import { ApiError, errorText, NetworkError } from '../../api/errors';
import { grievancesApi, type ExportKind } from './api';

const EXPORTS: readonly { kind: ExportKind; label: string; what: string }[] = [
  { kind: 'excel', label: 'Excel', what: 'Excel workbook' },
  { kind: 'pdf', label: 'PDF', what: 'PDF report' },
  { kind: 'officers', label: 'Officers', what: 'investigation officers sheet' },
];

/** Opens a link in a new window; false when the browser blocked it. */
export const openWindow = (url: string): boolean => {
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  opened.opener = null;
  return true;
};

type Outcome = { kind: 'error'; text: string } | { kind: 'blocked'; url: string; what: string } | null;

export function ExportButtons({ query }: { query: string }) {
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function run(kind: ExportKind, what: string) {
    setBusy(kind);
    setOutcome(null);
    try {
      const link = await grievancesApi.exportList(kind, query);
      if (!openWindow(link.url)) setOutcome({ kind: 'blocked', url: link.url, what });
    } catch (error) {
      const fallback = `Failed to export the ${what}`;
      const own = !(error instanceof ApiError) && !(error instanceof NetworkError) && error instanceof Error;
      setOutcome({ kind: 'error', text: own ? error.message : errorText(error, fallback) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Flex direction="column" gap="xs" alignItems="flex-end" className="export-group">
      <Flex role="group" aria-label="Export grievances" gap="xs" wrap="wrap">
        {EXPORTS.map(({ kind, label, what }) => (
          <Button
            key={kind}
            size="small"
            gap="xs"
            isLoading={busy === kind}
            loadingText={`${label}...`}
            isDisabled={busy !== null && busy !== kind}
            onClick={() => void run(kind, what)}
          >
            {label}
          </Button>
        ))}
      </Flex>
      {outcome?.kind === 'error' ? (
        <Alert variation="error" className="export-notice" isDismissible onDismiss={() => setOutcome(null)}>
          {outcome.text}
        </Alert>
      ) : null}
      {outcome?.kind === 'blocked' ? (
        <Alert variation="info" className="export-notice" isDismissible onDismiss={() => setOutcome(null)}>
          The browser blocked the new window.{' '}
          <ExternalLink href={outcome.url} isExternal>
            Open the {outcome.what}
          </ExternalLink>
        </Alert>
      ) : null}
    </Flex>
  );
}
