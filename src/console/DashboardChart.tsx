import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { DASHBOARD_MEASURES, type DashboardMeasure, type StaffDashboard } from '../catalogue/schema/staffDashboard';
import { shortDay } from '../catalogue/staffWords';

/** One colour from the theme and one dash pattern per measure, so that lines differ in more than colour. */
const LINE_STYLES: Record<DashboardMeasure, { stroke: string; dash?: string }> = {
  accounts: { stroke: 'var(--color-neutral-main)' },
  started: { stroke: 'var(--color-primary-main)' },
  about: { stroke: 'var(--color-accent-main)', dash: '6 3' },
  education: { stroke: 'var(--color-accent-dark)', dash: '2 3' },
  'final-steps': { stroke: 'var(--color-primary-dark)', dash: '8 3 2 3' },
  missing_information: { stroke: 'var(--color-error-main)' },
  submitted: { stroke: 'var(--color-secondary-dark)' },
  reviewed: { stroke: 'var(--color-accent-main)', dash: '1 3' },
  decided: { stroke: 'var(--color-primary-main)', dash: '4 4' },
  released: { stroke: 'var(--color-secondary-dark)', dash: '10 3' },
};

/**
 * The daily counts as lines, one per measure. The chart is for the eye only (hidden from screen
 * readers, out of the tab order): the table beside it holds the same figures for everyone.
 */
export function DashboardChart({ days }: { days: StaffDashboard['days'] }) {
  const data = days.map((entry) => ({ day: entry.day, ...entry.counts }));
  return (
    <div className="dashboard-chart" aria-hidden="true">
      <LineChart data={data} responsive accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 24, left: 8 }}>
        <CartesianGrid stroke="var(--color-neutral-light)" strokeDasharray="3 3" />
        <XAxis
          dataKey="day"
          tickFormatter={shortDay}
          minTickGap={16}
          label={{ value: 'Day (UTC)', position: 'insideBottom', offset: -16 }}
        />
        <YAxis allowDecimals={false} width={48} label={{ value: 'Count', angle: -90, position: 'insideLeft' }} />
        <Tooltip labelFormatter={(day) => (typeof day === 'string' ? shortDay(day) : '')} />
        {/* In the order of the applicant's way through, as the table's columns. */}
        <Legend verticalAlign="top" itemSorter={null} />
        {DASHBOARD_MEASURES.map((measure) => (
          <Line
            key={measure.key}
            type="linear"
            dataKey={measure.key}
            name={measure.label}
            stroke={LINE_STYLES[measure.key].stroke}
            strokeDasharray={LINE_STYLES[measure.key].dash}
            strokeWidth={2}
            dot={{ r: 2.5, fill: LINE_STYLES[measure.key].stroke }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </div>
  );
}
