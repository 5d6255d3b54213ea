// The report's rows: what the import would do with each row of the file, and why a row fails.
// A report can hold ten thousand rows: a page of them is drawn at a time, and by default only
// the failing ones when there are any.
import { useId, useState } from 'react';
import { Badge, Button, CheckboxField, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { currentLanguage } from '../../../i18n';
import { formatCount } from '../../../lib/format';
import type { ImportKind, ImportReport, ImportRow, ImportRowError, ImportRowOutcome } from './api/imports';
import { fieldLabel } from './field-label';

/** Rows drawn at once, and added by each "Show more". */
export const ROWS_PAGE = 500;

const OUTCOME_BADGE: Record<ImportRowOutcome, 'success' | 'info' | 'error' | undefined> = {
  create: 'success',
  update: 'info',
  unchanged: undefined,
  fail: 'error',
};

/** A row's problem as the reader reads it: the column it is in, and the message in their language. */
export function problemText(kind: ImportKind, error: ImportRowError): string {
  const message = currentLanguage() === 'hi' && error.message_hi ? error.message_hi : error.message;
  const where = error.column ?? (error.field ? fieldLabel(kind, error.field) : '');
  return where ? `${where}: ${message}` : message;
}

export function ReportRows({ kind, report }: { kind: ImportKind; report: ImportReport }) {
  const { t } = useTranslation('imports');
  const headingId = useId();
  const [onlyFailing, setOnlyFailing] = useState(report.counts.fail > 0);
  const [limit, setLimit] = useState(ROWS_PAGE);
  const matching = onlyFailing ? report.rows.filter((row) => row.outcome === 'fail') : report.rows;
  const shown = matching.slice(0, limit);

  const columns: Column<ImportRow>[] = [
    { id: 'row', header: t('rows.row'), headerClassName: 'cell-number', className: 'cell-number', cell: (row) => row.row },
    {
      id: 'outcome',
      header: t('rows.outcome'),
      cell: (row) => (
        <Badge size="small" variation={OUTCOME_BADGE[row.outcome]}>
          {t(`outcome.${row.outcome}`)}
        </Badge>
      ),
    },
    { id: 'label', header: t('rows.label'), className: 'cell-wrap', cell: (row) => row.label },
    {
      id: 'errors',
      header: t('rows.errors'),
      className: 'cell-wrap',
      cell: (row) =>
        row.errors.length === 0 ? (
          '-'
        ) : (
          <ul className="import-problems">
            {row.errors.map((error, index) => (
              <li key={index}>{problemText(kind, error)}</li>
            ))}
          </ul>
        ),
    },
  ];

  return (
    <section aria-labelledby={headingId} className="import-section">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={3} id={headingId} className="import-subtitle">
          {t('rows.title')}
        </Heading>
        <CheckboxField
          label={t('rows.onlyFailing')}
          name="only_failing"
          checked={onlyFailing}
          onChange={(event) => {
            setOnlyFailing(event.target.checked);
            setLimit(ROWS_PAGE);
          }}
        />
      </Flex>
      <DataTable
        columns={columns}
        rows={shown}
        rowKey={(row) => row.row}
        rowClassName={(row) => (row.outcome === 'fail' ? 'import-row-fail' : undefined)}
        labelledBy={headingId}
        cards
        empty={t('rows.empty')}
      />
      {matching.length > shown.length ? (
        <Flex alignItems="center" gap="small" wrap="wrap" marginTop="small">
          <Text className="count-text">
            {t('rows.showing', { shown: formatCount(shown.length), count: formatCount(matching.length) })}
          </Text>
          <Button size="small" onClick={() => setLimit((current) => current + ROWS_PAGE)}>
            {t('rows.showMore')}
          </Button>
        </Flex>
      ) : null}
    </section>
  );
}
