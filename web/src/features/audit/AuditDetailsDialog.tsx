// The details of one audit record on the Audit History screen: who, what
// changed, and the technical details of the request.
import type { ReactNode } from 'react';
import { Button, Heading, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { FactList } from '../../components/FactList';
import { dash, formatDateTime } from '../../lib/format';
import { fieldLabel } from '../grievances/field-labels';
import { ActionBadge } from './ActionBadge';
import { changeParseErrorText, displayValue, entryField, entryNotes, type AuditEntry } from './audit-record';

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
    return (
      <>
        {entry.summary ? <Text marginBottom="xs">{entry.summary}</Text> : null}
        <div className="table-scroll">
          <Table className="data-table change-table" size="small" aria-label={t('changeTable')}>
            <TableHead>
              <TableRow>
                <TableCell as="th">{t('col.field')}</TableCell>
                <TableCell as="th">{t('change')}</TableCell>
                <TableCell as="th">{t('oldValue')}</TableCell>
                <TableCell as="th">{t('newValue')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entry.changes.map((change, index) => (
                <TableRow key={`${change.field}-${index}`}>
                  <TableCell data-label={t('col.field')} className="cell-strong">
                    {fieldLabel(change.field)}
                  </TableCell>
                  <TableCell data-label={t('change')}>{changeActionLabel(change.action, t)}</TableCell>
                  <TableCell data-label={t('oldValue')} className="cell-wrap">
                    {displayValue(change.oldValue)}
                  </TableCell>
                  <TableCell data-label={t('newValue')} className="cell-wrap">
                    {displayValue(change.newValue)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
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
