// The 'Possible duplicates' panel of the grievance form: the grievances with the same FIR
// number at the police station that year (saving needs 'This is a different case'), and
// recent complaints of the station whose brief details read alike (a warning only). Each
// opens in a new tab, so what was typed stays. Announced politely as it appears.
import { Alert, CheckboxField, Heading, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Duplicate } from '../../../api/types';
import { CaseStatusBadge } from '../../../components/CaseBadges';
import { formatDate, formatNumber } from '../../../i18n/format';

/** The checkbox's id, focused when a save waits for it. */
export const CONFIRM_DUPLICATE_ID = 'confirm-duplicate';

interface DuplicatesPanelProps {
  sameFir: Duplicate[];
  similar: Duplicate[];
  /** Saving needs the confirmation: a same-FIR grievance is listed (or the server named one). */
  needsConfirmation: boolean;
  confirmed: boolean;
  /** A save was stopped for want of the confirmation. */
  confirmMissing: boolean;
  disabled: boolean;
  onConfirm: (confirmed: boolean) => void;
}

function DuplicateList({ items, labelledBy }: { items: Duplicate[]; labelledBy: string }) {
  const { t } = useTranslation('casework');
  return (
    <ul className="duplicates-list" aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.id} className="duplicate-item">
          <Link to={`/grievances/${item.id}`} target="_blank" rel="noopener noreferrer" className="duplicate-link">
            {item.grievance_number}
            <VisuallyHidden> {t('duplicates.newTab')}</VisuallyHidden>
          </Link>
          <span>{t('duplicates.fir', { fir_no: item.fir_no, date: formatDate(item.fir_date) })}</span>
          <span>{item.police_station}</span>
          <CaseStatusBadge status={item.status} label={t('grievances:field.status')} />
          {item.likeness !== null && item.likeness !== undefined ? (
            <span className="duplicate-likeness">{t('duplicates.likeness', { percent: formatNumber(Math.round(item.likeness * 100)) })}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function DuplicatesPanel({ sameFir, similar, needsConfirmation, confirmed, confirmMissing, disabled, onConfirm }: DuplicatesPanelProps) {
  const { t } = useTranslation('casework');
  const shown = needsConfirmation || sameFir.length > 0 || similar.length > 0;
  const missing = confirmMissing && !confirmed;
  return (
    <div aria-live="polite" className="duplicates-live">
      {shown ? (
        <Alert
          variation={needsConfirmation ? 'warning' : 'info'}
          role="region"
          aria-labelledby="duplicates-title"
          className="duplicates-panel"
        >
          <Heading level={2} id="duplicates-title" className="duplicates-title">
            {t('duplicates.title')}
          </Heading>
          {needsConfirmation || sameFir.length > 0 ? (
            <div className="duplicates-group">
              <Heading level={3} id="duplicates-same-fir" className="duplicates-subtitle">
                {t('duplicates.sameFirTitle')}
              </Heading>
              <Text className="duplicates-hint">{needsConfirmation ? t('duplicates.sameFirHint') : t('duplicates.sameFirKept')}</Text>
              {sameFir.length > 0 ? <DuplicateList items={sameFir} labelledBy="duplicates-same-fir" /> : null}
              {needsConfirmation ? (
                <CheckboxField
                  id={CONFIRM_DUPLICATE_ID}
                  name="confirm_duplicate"
                  value="yes"
                  label={t('duplicates.differentCase')}
                  checked={confirmed}
                  onChange={(event) => onConfirm(event.target.checked)}
                  isDisabled={disabled}
                  hasError={missing}
                  aria-invalid={missing}
                  aria-describedby={missing ? `${CONFIRM_DUPLICATE_ID}-error` : undefined}
                  className="duplicates-confirm"
                />
              ) : null}
              {needsConfirmation && missing ? (
                <Text id={`${CONFIRM_DUPLICATE_ID}-error`} className="amplify-field__error-message">
                  {t('duplicates.tickToSave')}
                </Text>
              ) : null}
            </div>
          ) : null}
          {similar.length > 0 ? (
            <div className="duplicates-group">
              <Heading level={3} id="duplicates-similar" className="duplicates-subtitle">
                {t('duplicates.similarTitle')}
              </Heading>
              <Text className="duplicates-hint">{t('duplicates.similarHint')}</Text>
              <DuplicateList items={similar} labelledBy="duplicates-similar" />
            </div>
          ) : null}
        </Alert>
      ) : null}
    </div>
  );
}
