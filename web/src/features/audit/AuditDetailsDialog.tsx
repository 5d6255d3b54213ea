// The details of one audit record on the Audit History screen: who, what
// changed, and the technical details of the request.
import type { ReactNode } from 'react';
import { Button, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { Dialog } from '../../components/Dialog';
import { FactList } from '../../components/FactList';
import { dash, formatDateTime } from '../../lib/format';
import { fieldLabel } from '../grievances/field-labels';
import { ActionBadge } from './ActionBadge';
import { changeParseErrorText, displayValue, entryField, entryNotes, type AuditChange, type AuditEntry } from './audit-record';

/** 'added', 'removed', 'changed' as a word of the current language. */
function changeActionLabel(action: string, t: (key: string) => string): string {
  const known = ['added', 'removed', 'changed'].includes(action.toLowerCase());
  return known ? t(`changeAction.${action.toLowerCase()}`) : action.charAt(0).toUpperCase() + action.slice(1);
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="details-part">
      <Heading level={3} className="subsection-title" id={id}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

function ChangeDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  if (entry.changesError) return <Text className="error-text">{changeParseErrorText()}</Text>;
  if (entry.changes.length > 0) {
    const columns: Column<AuditChange>[] = [
      { id: 'field', header: t('col.field'), className: 'cell-strong', cell: (change) => fieldLabel(change.field) },
      { id: 'action', header: t('change'), cell: (change) => changeActionLabel(change.action, t) },
      { id: 'old', header: t('oldValue'), className: 'cell-wrap', cell: (change) => displayValue(change.oldValue) },
      { id: 'new', header: t('newValue'), className: 'cell-wrap', cell: (change) => displayValue(change.newValue) },
    ];
    return (
      <>
        {entry.summary ? <Text marginBottom="xs">{entry.summary}</Text> : null}
        <DataTable
          columns={columns}
          rows={entry.changes}
          rowKey={(change, index) => `${change.field}-${index}`}
          label={t('changeTable')}
          className="change-table"
          size="small"
          cards
        />
      </>
    );
  }
  if (entry.old_value || entry.new_value) {
    return (
      <FactList
        facts={[
          { label: t('oldValue'), value: displayValue(entry.old_value) },
          { label: t('newValue'), value: displayValue(entry.new_value) },
        ]}
      />
    );
  }
  return <Text className="muted-text">{entry.summary || t('noValues')}</Text>;
}

export function AuditDetailsDialog({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const technical = [
    { label: t('ipAddress'), value: entry.ip_address, wide: false },
    { label: t('userAgent'), value: entry.user_agent, wide: true },
    { label: t('sessionId'), value: entry.session_id, wide: false },
  ].filter((fact) => fact.value);

  return (
    <Dialog title={t('detailsTitle')} onClose={onClose} size="large">
      {/* Scrolls on small screens: focusable so the keyboard can scroll it too. */}
      <div className="modal-body details-body" tabIndex={0} role="region" aria-label={t('recordDetails')}>
        <div className="details-lead">
          <ActionBadge action={entry.action} />
          <Text as="span" className="details-when">
            {entry.grievance_number ? `${entry.grievance_number} · ` : ''}
            <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
          </Text>
        </div>
        <Part id="details-user" title={t('col.user')}>
          <FactList
            facts={[
              { label: t('userName'), value: dash(entry.user_name) },
              { label: t('users:col.email'), value: dash(entry.user_email) },
              { label: t('users:col.role'), value: dash(entry.user_role) },
            ]}
          />
        </Part>
        <Part id="details-change" title={t('change')}>
          <FactList
            facts={[
              { label: t('fieldChanged'), value: entryField(entry) },
              { label: t('grievances:status.notes'), value: dash(entryNotes(entry)), wide: true },
            ]}
          />
        </Part>
        <Part id="details-changes" title={t('changeDetails')}>
          <ChangeDetails entry={entry} />
        </Part>
        {technical.length > 0 ? (
          <Part id="details-technical" title={t('technical')}>
            <FactList facts={technical} className="mono-values" />
          </Part>
        ) : null}
      </div>
      <div className="modal-foot">
        <Button onClick={onClose} data-autofocus>
          {t('close')}
        </Button>
      </div>
    </Dialog>
  );
}
