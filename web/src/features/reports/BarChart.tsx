// A bar chart (Chart.js through react-chartjs-2), loaded with the Reports screen only: only
// the pieces a bar chart needs are registered, so the rest of Chart.js stays out of the
// bundle. The figures are also in the table beside each chart, for screen readers.
import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { Bars } from './report-data';

Chart.register(BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const COLOURS = ['#2a61ab', '#e67d21', '#3d9e59', '#c73840', '#8c66bf', '#737373'];

interface Props {
  bars: Bars;
  /** The series' names, in the order of `bars.series`. */
  names: string[];
  /** Describes the chart (its accessible name). */
  label: string;
  testId: string;
  /** The top of the value axis (100 for a percentage); else as the values need. */
  max?: number;
}

export default function BarChart({ bars, names, label, testId, max }: Props) {
  return (
    <div className="report-chart" style={{ position: 'relative', height: 280 }}>
      <Bar
        data-testid={testId}
        aria-label={label}
        role="img"
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: bars.series.length > 1 } },
          scales: max === undefined ? undefined : { y: { min: 0, max } },
        }}
        data={{
          labels: bars.labels,
          datasets: bars.series.map((s, i) => ({ label: names[i] ?? s.key, data: s.values, backgroundColor: COLOURS[i % COLOURS.length] })),
        }}
      />
    </div>
  );
}
