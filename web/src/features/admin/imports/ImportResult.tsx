// What an import wrote: its counts, whether every row is in (else the rows written and why it
// stopped), and for staff the one-time sign-in links of the new users, shown here only.
import { useId } from 'react';
import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { FactList } from '../../../components/FactList';
import { Icon } from '../../../components/icons';
import { saveFile } from '../../../lib/export-window';
import { formatCount } from '../../../lib/format';
import type { ImportOutcome, SignInLink } from './api/imports';
import { absoluteLink, signInLinksCsv } from './import-file';

export function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  const { t } = useTranslation('imports');
  const headingId = useId();
  const { counts } = outcome;
  return (
    <section aria-labelledby={headingId} className="import-section">
      <Heading level={3} id={headingId} className="import-subtitle">
        {t('result.title', { id: outcome.import_id })}
      </Heading>
      {outcome.complete ? (
        <Alert variation="success" role="status">
          {t('result.complete')}
        </Alert>
      ) : (
        <Alert variation="warning">
          <Text>{t('result.incomplete', { rows: outcome.rows_in })}</Text>
          {outcome.error ? <Text>{t('result.stoppedBy', { error: outcome.error })}</Text> : null}
        </Alert>
      )}
      <FactList
        className="import-counts"
        facts={[
          { label: t('result.created'), value: formatCount(counts.create) },
          { label: t('result.updated'), value: formatCount(counts.update) },
          { label: t('result.unchanged'), value: formatCount(counts.unchanged) },
        ]}
      />
      {outcome.sign_in_links && outcome.sign_in_links.length > 0 ? <SignInLinks importId={outcome.import_id} links={outcome.sign_in_links} /> : null}
    </section>
  );
}

function SignInLinks({ importId, links: given }: { importId: string; links: readonly SignInLink[] }) {
  const { t } = useTranslation('imports');
  const links = given.map((link) => ({ ...link, link: absoluteLink(link.link) }));
  const headingId = useId();
  const columns: Column<SignInLink>[] = [
    { id: 'name', header: t('links.name'), rowHeader: true, className: 'cell-strong', cell: (link) => link.name },
    { id: 'email', header: t('links.email'), cell: (link) => link.email },
    { id: 'link', header: t('links.link'), className: 'import-link-cell', cell: (link) => <code>{link.link}</code> },
  ];
  function download() {
    const text = signInLinksCsv(links, {
      row: t('links.row'),
      name: t('links.name'),
      email: t('links.email'),
      link: t('links.link'),
    });
    // The mark at its start makes Excel read the names as UTF-8 (Hindi names among them).
    saveFile(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }), `sign-in-links-${importId}.csv`);
  }
  return (
    <section aria-labelledby={headingId} className="import-section">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={4} id={headingId} className="import-subtitle">
          {t('links.title')}
        </Heading>
        <Button size="small" gap="xs" onClick={download}>
          <Icon name="download" size={18} />
          {t('links.download')}
        </Button>
      </Flex>
      <Alert variation="warning">{t('links.warning')}</Alert>
      <DataTable columns={columns} rows={links} rowKey={(link) => `${link.row}-${link.email}`} labelledBy={headingId} cards />
    </section>
  );
}
