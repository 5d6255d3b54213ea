// Reports: station-wise pendency, monthly filed and disposed, disposal rate by
// station, the top crime heads, the crime heads by chapter of the BNS and POCSO, and the
// statutory compliance by station (and where the reveals of protected identities are), each as a chart and its table(s), over a filing-date range,
// with Excel and PDF exports; and the complainants' satisfaction by station, a table of the
// ratings given over the same range. Loaded on demand with its chart library; the server checks
// `reports read` and the user's scope on every call.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrievanceItemNames } from '../../api/item-names';
import { Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import { DateField } from '../../components/DateField';
import { PageHeader } from '../../components/PageHeader';
import { dash, formatCount } from '../../lib/format';
import { ComplianceSection } from './ComplianceSection';
import { RevealsCard } from './RevealsCard';
import { ReportSection } from './ReportSection';
import { SatisfactionSection } from './SatisfactionSection';
import { CountTable, DisposalTable, MonthlyTable, PendencyTable } from './ReportTables';
import {
  chapterBars,
  chapterTitle,
  crimeBars,
  disposalBars,
  isChapter,
  monthLabel,
  monthlyBars,
  pendencyBars,
  relabelled,
  validatePeriod,
  type ChapterHeadsReport,
  type CrimeHeadsReport,
  type DisposalReport,
  type MonthlyReport,
  type PendencyReport,
  type Period,
  type PeriodErrors,
} from './report-data';

const LOCALES: Record<string, string> = { en: 'en-IN', hi: 'hi-IN' };

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

      <ComplianceSection period={period} station={station} />
      <SatisfactionSection period={period} station={station} />
      <RevealsCard period={period} />
    </Flex>
  );
}
