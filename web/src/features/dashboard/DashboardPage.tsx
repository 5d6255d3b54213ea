// Dashboard (spec §2 "Dashboard", §8, §9): case tiles, quick actions, cases by
import { LoadFailure } from '../../components/LoadFailure';
// status, recent activity and performance metrics.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import useSWR from 'swr';
import { Alert, Card, Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { errorText } from '../../api/errors';
import type { Activity, GrievanceStats, PerformanceMetrics } from '../../api/types';
import { Icon, type IconName } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { PageHeader } from '../../components/PageHeader';
import { formatCount } from '../../lib/format';
import { usePermission } from '../auth/use-permission';
import { useSession } from '../auth/use-session';
import {
  ACTIVITIES_KEY,
  averageDays,
  caseTotals,
  days,
  dotColour,
  METRICS_KEY,
  OVERDUE_LIST,
  overdueStations,
  recentActivities,
  statusBars,
  STATS_KEY,
  topStation,
} from './dashboard-figures';

type Tone = 'navy' | 'amber' | 'blue' | 'green' | 'orange' | 'grey' | 'purple' | 'red';

interface TileProps {
  label: string;
  value: string;
  tone: Tone;
  icon: IconName;
  /** Opens the grievance list, filtered. */
  to?: string;
  hint?: string;
}

function Tile({ label, value, tone, icon, to, hint }: TileProps) {
  const body = (
    <>
      <span className="tile-icon" aria-hidden="true">
        <Icon name={icon} size={22} />
      </span>
      <span className="tile-text">
        <span className="tile-value">{value}</span>{' '}
        <span className="tile-label">{label}</span>
        {hint ? <span className="tile-hint">{hint}</span> : null}
      </span>
    </>
  );
  return to ? (
    <Link to={to} className={`stat-tile tone-${tone} is-link`}>
      {body}
    </Link>
  ) : (
    <div className={`stat-tile tone-${tone}`}>{body}</div>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" variation="outlined" className="panel dashboard-panel" aria-labelledby={id}>
      <Heading level={2} className="panel-title" id={id}>
        {title}
      </Heading>
      {children}
    </Card>
  );
}

function QuickActions() {
  const actions: { label: string; to: string; icon: IconName; allowed: boolean }[] = [
    { label: 'New Case', to: '/grievances/new', icon: 'add', allowed: usePermission('grievances', 'create') },
    { label: 'View All', to: '/grievances', icon: 'grievances', allowed: usePermission('grievances', 'read') },
    { label: 'Users', to: '/users', icon: 'users', allowed: usePermission('users', 'read') },
    { label: 'Roles', to: '/roles', icon: 'roles', allowed: usePermission('roles', 'read') },
    { label: 'Settings', to: '/admin', icon: 'admin', allowed: usePermission('dropdowns', 'read') },
    { label: 'Profile', to: '/profile', icon: 'profile', allowed: true },
  ];
  return (
    <Panel id="quick-actions" title="Quick Actions">
      <ul className="quick-actions">
        {actions
          .filter((action) => action.allowed)
          .map((action) => (
            <li key={action.to}>
              <Link to={action.to} className="quick-action">
                <Icon name={action.icon} size={22} />
                <span>{action.label}</span>
              </Link>
            </li>
          ))}
      </ul>
    </Panel>
  );
}

function CasesByStatus({ stats }: { stats: GrievanceStats }) {
  const bars = statusBars(stats);
  return (
    <Panel id="cases-by-status" title="Cases by Status">
      {bars.length === 0 ? (
        <Text className="muted-text">No statuses to show.</Text>
      ) : (
        <ul className="status-bars">
          {bars.map((bar) => (
            <li key={bar.status}>
              <Flex justifyContent="space-between" alignItems="baseline" gap="xs">
                <Link to={`/grievances?status=${encodeURIComponent(bar.status)}`} className="bar-label">
                  {bar.status}
                </Link>
                <span className="bar-figures">
                  {formatCount(bar.count)} <span className="bar-percent">({bar.percent})</span>
                </span>
              </Flex>
              <span className={`bar-track status-${bar.status.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`} aria-hidden="true">
                <span className="bar-fill" style={{ width: `${bar.width}%` }} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function RecentActivity() {
  const { data, error } = useSWR<Activity[]>(ACTIVITIES_KEY);
  const items = recentActivities(data);
  return (
    <Panel id="recent-activity" title="Recent Activity">
      {error && !data ? (
        <Text className="muted-text">{errorText(error, 'Recent activity could not be loaded.')}</Text>
      ) : !data ? (
        <Text className="muted-text">Loading activity...</Text>
      ) : items.length === 0 ? (
        <Text className="muted-text">No recent activities</Text>
      ) : (
        <ul className="activity-list">
          {items.map((item, index) => (
            <li key={`${item.createdAt}-${index}`} className="activity-item">
              <span className={`activity-dot dot-${dotColour(item.color)}`} aria-hidden="true" />
              <span className="activity-text">
                <span className="activity-description">{item.description}</span>
                <time className="activity-time" dateTime={item.createdAt}>
                  {item.timeAgo}
                </time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Overdue grievances per police station; only stations that have any. */
function OverdueByStation({ stations }: { stations: PerformanceMetrics['policeStationPerformance'] }) {
  const overdue = overdueStations(stations);
  if (overdue.length === 0) return <>No overdue cases</>;
  return (
    <ul className="overdue-stations" aria-label="Overdue by police station">
      {overdue.map((station) => (
        <li key={station.station_name}>
          <span>{station.station_name}</span> <span className="overdue-count">{formatCount(station.overdue_cases)}</span>
        </li>
      ))}
    </ul>
  );
}

function PerformancePanel({ metrics, error }: { metrics: PerformanceMetrics | undefined; error: unknown }) {
  const top = metrics ? topStation(metrics.policeStationPerformance) : null;
  return (
    <Panel id="performance" title="Performance Metrics">
      {error && !metrics ? (
        <Text className="muted-text">{errorText(error, 'Performance metrics could not be loaded.')}</Text>
      ) : !metrics ? (
        <Text className="muted-text">Loading metrics...</Text>
      ) : (
        <dl className="metric-list">
          <div className="metric">
            <dt>Total Active Users</dt>
            <dd>{formatCount(metrics.totalLoggedUsers)}</dd>
          </div>
          <div className="metric">
            <dt>Longest Active User</dt>
            <dd>
              {metrics.longestActiveUser
                ? `${metrics.longestActiveUser.name} (${days(metrics.longestActiveUser.days_active)})`
                : 'N/A'}
            </dd>
          </div>
          <div className="metric">
            <dt>Resolution Rate</dt>
            <dd>
              <span>{metrics.overallResolutionRate}%</span>
              <span className="bar-track metric-bar" aria-hidden="true">
                <span className="bar-fill" style={{ width: `${Math.min(100, Math.max(0, metrics.overallResolutionRate))}%` }} />
              </span>
            </dd>
          </div>
          <div className="metric">
            <dt>Average Resolution Time</dt>
            <dd>{averageDays(metrics.averageResolutionDays)}</dd>
          </div>
          <div className="metric">
            <dt>Top Performing Station</dt>
            <dd>
              {top ? (
                <>
                  {top.station_name}
                  <span className="metric-sub">
                    {top.resolution_rate}% resolved · {formatCount(top.total_cases)}{' '}
                    {top.total_cases === 1 ? 'case' : 'cases'}
                  </span>
                </>
              ) : (
                'N/A'
              )}
            </dd>
          </div>
          <div className="metric">
            <dt>Overdue by Police Station</dt>
            <dd>
              <OverdueByStation stations={metrics.policeStationPerformance} />
            </dd>
          </div>
        </dl>
      )}
    </Panel>
  );
}

export default function DashboardPage() {
  const { user } = useSession();
  // The case figures need grievances read (the server refuses them otherwise).
  const canReadCases = usePermission('grievances', 'read');
  const stats = useSWR<GrievanceStats>(canReadCases ? STATS_KEY : null);
  const metrics = useSWR<PerformanceMetrics>(METRICS_KEY);

  const header = <PageHeader title="Dashboard" description={`Welcome back, ${user?.name ?? ''}!`} />;

  if (!canReadCases) {
    return (
      <>
        {header}
        <Alert variation="info" className="page-notice">
          Case statistics are shown to staff who may read grievances.
        </Alert>
        <Grid templateColumns={{ base: '1fr', large: '1fr 1fr' }} gap="medium">
          <QuickActions />
          <RecentActivity />
          <PerformancePanel metrics={metrics.data} error={metrics.error} />
        </Grid>
      </>
    );
  }

  if (stats.isLoading && !stats.data) {
    return (
      <>
        {header}
        <LoadingState label="Loading dashboard..." />
      </>
    );
  }

  if (!stats.data) {
    return (
      <>
        {header}
        <LoadFailure message={"Failed to load dashboard data"} onRetry={() => void stats.mutate()} />
      </>
    );
  }

  const totals = caseTotals(stats.data);
  const list = (query = '') => `/grievances${query}`;
  const average = metrics.data ? metrics.data.averageResolutionDays.toFixed(1) : '-';
  // From the metrics, which load on their own: '-' until they answer.
  const overdue = typeof metrics.data?.overdueCases === 'number' ? formatCount(metrics.data.overdueCases) : '-';

  return (
    <>
      {header}
      <section aria-label="Case totals">
        <Grid className="tile-grid" templateColumns={{ base: '1fr 1fr', medium: 'repeat(3, 1fr)', large: 'repeat(6, 1fr)' }} gap="small">
          <Tile label="Total Cases" value={formatCount(totals.total)} tone="navy" icon="grievances" to={list()} />
          <Tile label="Pending" value={formatCount(totals.pending)} tone="amber" icon="clock" to={list('?status=Pending')} />
          <Tile label="In Progress" value={formatCount(totals.inProgress)} tone="blue" icon="refresh" to={list('?status=In+Progress')} />
          <Tile label="Resolved" value={formatCount(totals.resolved)} tone="green" icon="check" to={list('?status=Resolved')} />
          <Tile label="High Priority" value={formatCount(totals.high)} tone="orange" icon="flag" to={list('?priority=High')} />
          <Tile label="Closed" value={formatCount(totals.closed)} tone="grey" icon="lock" to={list('?status=Closed')} />
        </Grid>
        <Grid className="tile-grid" templateColumns={{ base: '1fr', medium: 'repeat(2, 1fr)', large: 'repeat(4, 1fr)' }} gap="small" marginTop="small">
          <Tile label="Average Resolution (days)" value={average} tone="purple" icon="timer" hint="From filing to resolved or closed" />
          <Tile label="Resolution Rate" value={`${totals.resolutionRate}%`} tone="green" icon="trend" hint="Resolved and closed of all cases" />
          <Tile label="Critical Cases" value={formatCount(totals.critical)} tone="red" icon="warning" to={list('?priority=Critical')} />
          <Tile label="Overdue" value={overdue} tone="orange" icon="clock" to={OVERDUE_LIST} hint="Past their stage's pendency limit" />
        </Grid>
      </section>

      <Grid templateColumns={{ base: '1fr', large: '1fr 1fr' }} gap="medium" marginTop="medium">
        <QuickActions />
        <CasesByStatus stats={stats.data} />
        <RecentActivity />
        <PerformancePanel metrics={metrics.data} error={metrics.error} />
      </Grid>
    </>
  );
}
