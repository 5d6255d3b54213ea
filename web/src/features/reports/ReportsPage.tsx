// Reports: station-wise pendency, monthly filed and disposed, disposal rate by
// station, the top crime heads and the crime heads by chapter of the BNS and POCSO, each as
// a chart and a table, over a filing-date range,
// with Excel and PDF exports. Loaded on demand with its chart library; the server checks
// `reports read` and the user's scope on every call.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrievanceItemNames } from '../../api/item-names';
import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { api } from '../../api/client';
import { errorText } from '../../api/errors';
import { DateField } from '../../components/DateField';
import { LoadingState } from '../../components/LoadingState';
import { PageHeader } from '../../components/PageHeader';
import { dash, formatCount } from '../../lib/format';
import { closeWindow, downloadInPage, openPendingWindow, showInWindow } from '../../lib/export-window';
import { useReport } from './api/use-report';
import BarChart from './BarChart';
import { CountTable, DisposalTable, MonthlyTable, PendencyTable } from './ReportTables';
import {
  chapterBars,
  chapterTitle,
  crimeBars,
  disposalBars,
  exportPath,
  isChapter,
  monthLabel,
  monthlyBars,
  pendencyBars,
  relabelled,
  validatePeriod,
  type Bars,
  type ChapterHeadsReport,
  type CrimeHeadsReport,
  type DisposalReport,
  type MonthlyReport,
  type PendencyReport,
  type Period,
  type PeriodErrors,
  type ReportName,
} from './report-data';

const LOCALES: Record<string, string> = { en: 'en-IN', hi: 'hi-IN' };

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

interface SectionProps<T> {
  name: ReportName;
  titleKey: string;
  period: Period;
  bars: (report: T) => Bars;
  names: (report: T) => string[];
  empty: (report: T) => boolean;
  /** The report's table, named by the section's heading (`headingId`). */
  table: (report: T, headingId: string) => ReactNode;
  footer?: (report: T) => ReactNode;
}

function ReportSection<T>({ name, titleKey, period, bars, names, empty, table, footer }: SectionProps<T>) {
  const { t } = useTranslation('reports');
  const { data, error } = useReport<T>(name, period);
  const title = t(`${titleKey}.title`);
  return (
    <Card variation="outlined" as="section" aria-labelledby={`report-${name}`} className="report-section" data-report={name}>
      <Flex justifyContent="space-between" alignItems="flex-start" wrap="wrap" gap="small">
        <Flex direction="column" gap="xxs">
          <Heading level={2} id={`report-${name}`} className="panel-title">
            {title}
          </Heading>
          <Text color="font.secondary" fontSize="small">
            {t(`${titleKey}.description`)}
          </Text>
        </Flex>
        <ExportButtons name={name} title={title} period={period} />
      </Flex>
      {error ? (
        <Alert variation="error" marginTop="small">
          {errorText(error, t('loadFailed'))}
        </Alert>
      ) : !data ? (
        <LoadingState label={t('loading')} />
      ) : empty(data) ? (
        <Text marginTop="small">{t('noData')}</Text>
      ) : (
        <>
          <BarChart bars={bars(data)} names={names(data)} label={t(`${titleKey}.chart`)} testId={`chart-${name}`} />
          {table(data, `report-${name}`)}
          {footer?.(data)}
        </>
      )}
    </Card>
  );
}

/** The line under a table that says how many grievances the period holds. */
function TotalLine({ text }: { text: string }) {
  return (
    <Text fontSize="small" color="font.secondary">
      {text}
    </Text>
  );
}

export default function ReportsPage() {
  const { t, i18n } = useTranslation('reports');
  const locale = LOCALES[i18n.language] ?? 'en-IN';
  const [draft, setDraft] = useState<Period>({ from: '', to: '' });
  const [period, setPeriod] = useState<Period>({ from: '', to: '' });
  const [errors, setErrors] = useState<PeriodErrors>({});
  const days = (range: string) => t('column.days', { range });
  // Stations, statuses and crime titles by the reader's names (the charts' labels too).
  const names = useGrievanceItemNames();
  const station = (name: string) => names.police_stations(name) ?? name;
  const crime = (name: string) => names.crime_titles(name) ?? name;

  function apply(event: FormEvent) {
    event.preventDefault();
    const found = validatePeriod(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) setPeriod(draft);
  }

  return (
    <Flex direction="column" gap="medium">
      <PageHeader title={t('title')} description={t('description')} />
      <Card variation="outlined" as="form" onSubmit={apply} aria-label={t('period.legend')} noValidate>
        <Flex alignItems="flex-end" gap="small" wrap="wrap">
          <DateField
            label={t('period.from')}
            value={draft.from}
            onChange={(from) => setDraft({ ...draft, from })}
            hasError={Boolean(errors.from)}
            errorMessage={errors.from ? t(errors.from) : undefined}
          />
          <DateField
            label={t('period.to')}
            value={draft.to}
            onChange={(to) => setDraft({ ...draft, to })}
            hasError={Boolean(errors.to)}
            errorMessage={errors.to ? t(errors.to) : undefined}
          />
          <Button type="submit" variation="primary">
            {t('period.apply')}
          </Button>
        </Flex>
        <Text fontSize="small" color="font.secondary" marginTop="xs">
          {t('period.hint')}
        </Text>
      </Card>

      <ReportSection<PendencyReport>
        name="pendency"
        titleKey="pendency"
        period={period}
        bars={(r) => relabelled(pendencyBars(r), station)}
        names={(r) => r.buckets.map(days)}
        empty={(r) => r.rows.length === 0}
        table={(r, id) => <PendencyTable report={r} labelledBy={id} station={station} status={(name) => names.statuses(name) ?? name} />}
      />

      <ReportSection<MonthlyReport>
        name="monthly"
        titleKey="monthly"
        period={period}
        bars={(r) => ({ ...monthlyBars(r), labels: r.months.map((m) => monthLabel(m.month, locale)) })}
        names={() => [t('column.filed'), t('column.disposed')]}
        empty={(r) => r.months.every((m) => m.filed === 0 && m.disposed === 0)}
        table={(r, id) => <MonthlyTable report={r} labelledBy={id} locale={locale} />}
      />

      <ReportSection<DisposalReport>
        name="disposal"
        titleKey="disposal"
        period={period}
        bars={(r) => relabelled(disposalBars(r), station)}
        names={() => [t('column.rate')]}
        empty={(r) => r.rows.length === 0}
        table={(r, id) => <DisposalTable report={r} labelledBy={id} station={station} />}
      />

      <ReportSection<CrimeHeadsReport>
        name="crime-heads"
        titleKey="crimeHeads"
        period={period}
        bars={(r) => relabelled(crimeBars(r), crime)}
        names={() => [t('column.count')]}
        empty={(r) => r.rows.length === 0}
        table={(r, id) => (
          <CountTable
            labelledBy={id}
            headings={[t('column.crimeHead')]}
            rows={r.rows.map((row) => ({ key: row.crime_head, cells: [crime(row.crime_head)], count: row.count }))}
          />
        )}
        footer={(r) => <TotalLine text={t('crimeHeads.total', { n: formatCount(r.total) })} />}
      />

      <ReportSection<ChapterHeadsReport>
        name="chapters"
        titleKey="chapters"
        period={period}
        bars={(r) => chapterBars(r, i18n.language)}
        names={() => [t('column.count')]}
        empty={(r) => r.rows.length === 0}
        table={(r, id) => (
          <CountTable
            labelledBy={id}
            headings={[t('column.chapter'), t('column.chapterTitle')]}
            rows={r.rows.map((row) => ({
              key: row.head,
              cells: [isChapter(row) ? row.head : dash(null), chapterTitle(row, i18n.language)],
              count: row.count,
            }))}
          />
        )}
        footer={(r) => <TotalLine text={t('chapters.total', { n: formatCount(r.total) })} />}
      />
    </Flex>
  );
}
