// The list's search doubles as 'go to a number': when the text searched for reads as a whole
// grievance number or FIR number, the grievances that carry exactly that number are offered
// above the results ('Open GRV-2025-000012'), one click away, whatever the list's other
// filters leave in it. A lookup that fails offers nothing: the results still answer the search.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGrievanceItemNames } from '../../../api/item-names';
import { useExactNumber } from './api/use-number-lookup';
import './number-lookup.css';

export function NumberOffer({ search }: { search: string }) {
  const { t } = useTranslation('grievances');
  const names = useGrievanceItemNames();
  const { data } = useExactNumber(search);
  if (!data || data.length === 0) return null;
  return (
    <ul className="number-offer" aria-label={t('lookup.offer')}>
      {data.map((grievance) => (
        <li key={grievance.id}>
          <Link to={`/grievances/${grievance.id}`} className="record-link">
            {t('lookup.open', { number: grievance.grievance_number })}
          </Link>{' '}
          <span className="muted-text">{t('lookup.option', { fir: grievance.fir_no, station: names.police_stations(grievance.police_station) })}</span>
        </li>
      ))}
    </ul>
  );
}
