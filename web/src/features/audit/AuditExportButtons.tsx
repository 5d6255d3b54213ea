// Excel, CSV and PDF of the Audit History under its filters. As with the
// grievance exports, the API is asked with the bearer header and answers a short-lived
// link, opened in a window opened on the click itself; no token goes into a URL.
import { useState } from 'react';
import { Button, Flex } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { i18n } from '../../i18n';
import { formatCount } from '../../lib/format';
import { closeWindow, downloadInPage, openPendingWindow, showInWindow } from '../../lib/export-window';

export type AuditExportFormat = 'excel' | 'csv' | 'pdf';
const FORMATS: readonly AuditExportFormat[] = ['excel', 'csv', 'pdf'];

interface Link {
  url: string;
  rows: number;
}

/** The export path for the filters of `recordsPath` (an `/audit/all?...` path), paging left out. */
export function auditExportPath(format: AuditExportFormat, recordsPath: string): string {
  const query = new URLSearchParams(recordsPath.split('?')[1] ?? '');
  query.delete('limit');
  query.delete('offset');
  const rest = query.toString();
  return `/audit/export/${format}${rest ? `?${rest}` : ''}`;
}

interface Props {
  recordsPath: string;
  onMessage: (message: string, failed: boolean) => void;
}

export function AuditExportButtons({ recordsPath, onMessage }: Props) {
  const { t } = useTranslation('audit');
  const [busy, setBusy] = useState<AuditExportFormat | null>(null);

  async function run(format: AuditExportFormat) {
    if (busy) return;
    const label = t(`export.label.${format}`);
    const pending = openPendingWindow(t('export.preparing', { label }), i18n.language);
    setBusy(format);
    try {
      const link = await api.get<Link>(auditExportPath(format, recordsPath));
      if (pending && !pending.closed) showInWindow(pending, link.url);
      else downloadInPage(link.url);
      onMessage(t('export.ready', { label, n: formatCount(link.rows), count: link.rows }), false);
    } catch (error) {
      if (pending) closeWindow(pending);
      onMessage(errorText(error, t('export.failed', { label })), true);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Flex role="group" aria-label={t('export.group')} gap="xs" wrap="wrap" className="export-group">
      {FORMATS.map((format) => (
        <Button key={format} size="small" isLoading={busy === format} loadingText={t('export.exporting')} onClick={() => void run(format)}>
          {t(`export.label.${format}`)}
        </Button>
      ))}
    </Flex>
  );
}
