// One report on the Reports screen: its heading and description, its export buttons (Excel
// and PDF, through a short-lived link opened in a new window), then, once the server has
// answered, its chart and the table(s) under it, or why there are none. The frame without
// the chart and exports (`ReportFrame`) serves a report that has neither.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { LoadingState } from '../../components/LoadingState';
import { closeWindow, downloadInPage, openPendingWindow, showInWindow } from '../../lib/export-window';
import { useReport } from './api/use-report';
import BarChart from './BarChart';
import { exportPath, type Bars, type Period, type ReportName } from './report-data';

function ExportButtons({ name, title, period }: { name: ReportName; title: string; period: Period }) {
  const { t, i18n } = useTranslation('reports');
  const [busy, setBusy] = useState<'excel' | 'pdf' | null>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  async function run(kind: 'excel' | 'pdf') {
    if (busy) return;
    const label = t(`export.${kind}`);
    const pending = openPendingWindow(t('export.preparing', { label }), i18n.language);
    setBusy(kind);
    try {
      const link = await api.get<{ url: string }>(exportPath(name, kind, period, i18n.language));
      if (pending && !pending.closed) showInWindow(pending, link.url);
      else downloadInPage(link.url);
      setMessage({ text: t('export.ready', { label, report: title }), failed: false });
    } catch (error) {
      if (pending) closeWindow(pending);
      setMessage({ text: errorText(error, t('export.failed', { label })), failed: true });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Flex direction="column" gap="xxs" alignItems="flex-end">
      <Flex role="group" aria-label={t('export.group', { report: title })} gap="xs">
        {(['excel', 'pdf'] as const).map((kind) => (
          <Button key={kind} size="small" isLoading={busy === kind} loadingText={t('export.exporting')} onClick={() => void run(kind)}>
            {t(`export.${kind}`)}
          </Button>
        ))}
      </Flex>
      {message ? (
        <Text role="status" fontSize="small" color={message.failed ? 'font.error' : 'font.success'}>
          {message.text}
        </Text>
      ) : null}
    </Flex>
  );
}

interface FrameProps<T> {
  /** The report's name: its section's `data-report` and its heading's id (`report-{name}`). */
  name: string;
  title: string;
  description: string;
  /** Beside the heading (the export buttons). */
  actions?: ReactNode;
  /** The server's answer, once it has come. */
  report: T | undefined;
  error: unknown;
  /** The report has nothing to show: `emptyText` stands in for its content. */
  empty?: (report: T) => boolean;
  emptyText?: string;
  /** The report's chart and table(s), named by the section's heading (`headingId`). */
  children: (report: T, headingId: string) => ReactNode;
}

/**
 * A report's card: its heading and description, then, once the server has answered, its
 * content, or why there is none. Every report on the screen is framed by it, so that
 * they load, fail and read alike.
 */
export function ReportFrame<T>({ name, title, description, actions, report, error, empty, emptyText, children }: FrameProps<T>) {
  const { t } = useTranslation('reports');
  const headingId = `report-${name}`;
  return (
    <Card variation="outlined" as="section" aria-labelledby={headingId} className="report-section" data-report={name}>
      <Flex justifyContent="space-between" alignItems="flex-start" wrap="wrap" gap="small">
        <Flex direction="column" gap="xxs">
          <Heading level={2} id={headingId} className="panel-title">
            {title}
          </Heading>
          <Text color="font.secondary" fontSize="small">
            {description}
          </Text>
        </Flex>
        {actions}
      </Flex>
      {error ? (
        <Alert variation="error" marginTop="small">
          {errorText(error, t('loadFailed'))}
        </Alert>
      ) : report === undefined ? (
        <LoadingState label={t('loading')} />
      ) : empty?.(report) ? (
        <Text marginTop="small">{emptyText ?? t('noData')}</Text>
      ) : (
        children(report, headingId)
      )}
    </Card>
  );
}

export interface SectionProps<T> {
  name: ReportName;
  titleKey: string;
  period: Period;
  bars: (report: T) => Bars;
  names: (report: T) => string[];
  /** The top of the chart's value axis (100 for a percentage). */
  scaleMax?: number;
  empty: (report: T) => boolean;
  /** What an empty report says; 'No grievances were filed in this period.' by default. */
  emptyText?: string;
  /** The report's table, named by the section's heading (`headingId`). */
  table: (report: T, headingId: string) => ReactNode;
  footer?: (report: T) => ReactNode;
}

/** A report of grievances by filing date: its chart, then its table(s), with Excel and PDF exports. */
export function ReportSection<T>({ name, titleKey, period, bars, names, scaleMax, empty, emptyText, table, footer }: SectionProps<T>) {
  const { t } = useTranslation('reports');
  const { data, error } = useReport<T>(name, period);
  const title = t(`${titleKey}.title`);
  return (
    <ReportFrame<T>
      name={name}
      title={title}
      description={t(`${titleKey}.description`)}
      actions={<ExportButtons name={name} title={title} period={period} />}
      report={data}
      error={error}
      empty={empty}
      emptyText={emptyText}
    >
      {(report, headingId) => (
        <>
          <BarChart bars={bars(report)} names={names(report)} label={t(`${titleKey}.chart`)} testId={`chart-${name}`} max={scaleMax} />
          {table(report, headingId)}
          {footer?.(report)}
        </>
      )}
    </ReportFrame>
  );
}
