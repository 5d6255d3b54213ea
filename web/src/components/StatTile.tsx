// One figure on a tile, with its icon, label and an optional hint: the dashboard's counts
// and the audit summary. A tile that links opens a list. A narrow tile puts its icon above
// its figure (styles.css), so a state's seven-digit counts stay whole.
import { Link } from 'react-router';
import { Icon, type IconName } from './icons';

export type Tone = 'navy' | 'amber' | 'blue' | 'green' | 'orange' | 'grey' | 'purple' | 'red';

interface StatTileProps {
  label: string;
  value: string;
  tone: Tone;
  icon: IconName;
  /** Opens this route (a list, filtered). */
  to?: string;
  hint?: string;
}

export function StatTile({ label, value, tone, icon, to, hint }: StatTileProps) {
  const body = (
    <span className="tile-body">
      <span className="tile-icon" aria-hidden="true">
        <Icon name={icon} size={22} />
      </span>
      <span className="tile-text">
        <span className="tile-value">{value}</span>{' '}
        <span className="tile-label">{label}</span>
        {hint ? <span className="tile-hint">{hint}</span> : null}
      </span>
    </span>
  );
  return to ? (
    <Link to={to} className={`stat-tile tone-${tone} is-link`}>
      {body}
    </Link>
  ) : (
    <div className={`stat-tile tone-${tone}`}>{body}</div>
  );
}
