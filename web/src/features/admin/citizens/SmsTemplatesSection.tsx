// The citizen messages' second part: every SMS template in force, in one table, each with
// the cases it is for, its text, its DLT template id and whether it is still the portal's
// own text or the department's registered one. Users who may change the Admin Panel edit
// one in a dialog; the server answers with every template, which the table then shows.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { errorText } from '../../../api/errors';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { LoadFailure } from '../../../components/LoadFailure';
import { LoadingState } from '../../../components/LoadingState';
import { Notices } from '../../../components/Notices';
import { useTransientMessage } from '../../../components/use-transient-message';
import { usePermission } from '../../auth/use-permission';
import type { SmsTemplate } from '../api/citizen-settings';
import { useCitizenSettings } from '../api/use-citizen-settings';
import { TemplateDialog } from './TemplateDialog';
import { useTemplateNames } from './template-names';
import { sortTemplates, templateKey } from './templates';

const HEADING_ID = 'sms-templates-heading';

export function SmsTemplatesSection() {
  const { t } = useTranslation('admin');
  const names = useTemplateNames();
  const canUpdate = usePermission('dropdowns', 'update');
  const { data, error, isLoading, mutate } = useCitizenSettings();
  const [editing, setEditing] = useState<SmsTemplate | null>(null);
  const notice = useTransientMessage(3000);
  const templates = data ? sortTemplates(data.templates) : [];

  const columns: (Column<SmsTemplate> | false)[] = [
    { id: 'kind', header: t('citizens.templates.message'), className: 'cell-strong', cell: (template) => names.kind(template.kind) },
    { id: 'language', header: t('citizens.templates.language'), cell: (template) => names.language(template.language) },
    { id: 'cases', header: t('citizens.templates.cases'), cell: (template) => names.cases(template) },
    {
      id: 'text',
      header: t('citizens.templates.text'),
      className: 'template-text-cell',
      cell: (template) => <span lang={template.language}>{template.text}</span>,
    },
    { id: 'dlt', header: t('citizens.templates.dlt'), cell: (template) => <span className="dlt-id">{template.dltTemplateId}</span> },
    {
      id: 'source',
      header: t('citizens.templates.source'),
      cell: (template) =>
        template.shipped ? (
          <Badge size="small" className="template-source shipped">
            {t('citizens.templates.shipped')}
          </Badge>
        ) : (
          <Badge size="small" className="template-source department">
            {t('citizens.templates.department')}
          </Badge>
        ),
    },
    canUpdate && {
      id: 'actions',
      header: t('citizens.templates.actions'),
      className: 'cell-actions',
      cell: (template) => (
        <Button size="small" ariaLabel={t('citizens.templates.editTitle', names.of(template))} onClick={() => setEditing(template)}>
          {t('citizens.templates.edit')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby={HEADING_ID} className="list-panel citizen-section">
      <Flex className="table-panel-head" direction="column" gap="0">
        <Heading level={2} className="panel-title" id={HEADING_ID}>
          {t('citizens.templates.title')}
        </Heading>
        <Text className="count-text">{t('citizens.templates.hint')}</Text>
      </Flex>
      <Notices notice={notice} place="panel" />
      {isLoading && !data ? (
        <LoadingState label={t('citizens.templates.loading')} />
      ) : error && !data ? (
        <LoadFailure message={errorText(error, t('citizens.loadFailed'))} onRetry={() => void mutate()} padded />
      ) : (
        <DataTable columns={columns} rows={templates} rowKey={templateKey} labelledBy={HEADING_ID} size="small" variation="striped" cards className="templates-table" />
      )}
      {editing ? (
        <TemplateDialog
          template={editing}
          onClose={() => setEditing(null)}
          onSaved={(view) => {
            setEditing(null);
            void mutate(view, { revalidate: false });
            notice.show(t('citizens.templates.saved', names.of(editing)));
          }}
        />
      ) : null}
    </section>
  );
}
