import { useQuery } from '@tanstack/react-query';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MovementProgress } from '../../../domain/movement/movement-answers';
import { api } from '../../api/http';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { makeFormat, useFormat, type Format } from '../../i18n/format';
import { dayInstant, summarize, type SeriesPoint } from './progress-series';

/**
 * Progress over time (issue 18): voters joining per day and elections finished per week, for the
 * country, a state or a district, drawn by Chart.js (decision 033). This file is loaded only by
 * the movement's pages (React.lazy), so Chart.js never weighs on another page. Each chart says
 * what it draws in a sentence and keeps its figures in a table beneath it.
 */

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

function progressPath(state?: string, district?: number): string {
  const query = new URLSearchParams();
  if (state) query.set('state', state);
  if (state && district !== undefined) query.set('district', String(district));
  const search = query.toString();
  return `/api/movement/progress${search ? `?${search}` : ''}`;
}

export default function ProgressCharts({ state, district }: { state?: string; district?: number }) {
  const { t } = useTranslation('movement');
  const format = useFormat();
  // The answer's days are calendar dates (of the app's time zone, in which the job counts them):
  // written as dates, never shifted by a zone.
  const days = useMemo(() => makeFormat(format.locale, 'UTC'), [format.locale]);
  const progress = useQuery({
    queryKey: ['movement', 'progress', state ?? null, district ?? null],
    queryFn: () => api<MovementProgress>(progressPath(state, district)),
    staleTime: 30_000,
  });

  if (progress.isPending) return <LoadingBlocks heights={['h-56', 'h-56']} />;
  if (progress.isError) return <RetryError title={t('progress.failed')} error={progress.error} onRetry={progress.refetch} />;

  const joins = progress.data.joinsPerDay.map((d) => ({ at: d.day, value: d.joins }));
  const elections = progress.data.electionsPerWeek.map((w) => ({ at: w.week, value: w.finished }));
  const joinsSummary = summarize(joins);
  const electionsSummary = summarize(elections);

  return (
    // Tracks of minmax(0, 1fr) and cards of min-width 0: a chart drawn wide must not hold its card
    // (and the page) at that width when the window narrows; Chart.js then draws it again to fit.
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <SeriesCard
        id="joins"
        title={t('progress.joinsTitle')}
        summary={
          joinsSummary.busiest
            ? t('progress.joinsSummary', { count: joinsSummary.total, days: joins.length, busiest: days.date(dayInstant(joinsSummary.busiest.at)), most: format.number(joinsSummary.busiest.value) })
            : t('progress.joinsNone', { days: joins.length })
        }
        points={joins}
        bucketLabel={t('progress.day')}
        valueLabel={t('progress.joins')}
        label={(at) => days.dayMonth(dayInstant(at))}
        fullLabel={(at) => days.date(dayInstant(at))}
        format={format}
      />
      <SeriesCard
        id="elections"
        title={t('progress.electionsTitle')}
        summary={
          electionsSummary.busiest
            ? t('progress.electionsSummary', {
                count: electionsSummary.total,
                weeks: elections.length,
                busiest: days.date(dayInstant(electionsSummary.busiest.at)),
                most: format.number(electionsSummary.busiest.value),
              })
            : t('progress.electionsNone', { weeks: elections.length })
        }
        points={elections}
        bucketLabel={t('progress.week')}
        valueLabel={t('progress.finished')}
        label={(at) => days.dayMonth(dayInstant(at))}
        fullLabel={(at) => t('progress.weekOf', { day: days.date(dayInstant(at)) })}
        format={format}
      />
      <p className="text-xs text-slate-600 lg:col-span-2" data-testid="progress-time-zone">
        {t('progress.timeZoneNote', { timeZone: progress.data.timeZone })}
      </p>
    </div>
  );
}

interface SeriesCardProps {
  id: string;
  title: string;
  summary: string;
  points: SeriesPoint[];
  bucketLabel: string;
  valueLabel: string;
  label(at: string): string;
  fullLabel(at: string): string;
  format: Format;
}

function SeriesCard({ id, title, summary, points, bucketLabel, valueLabel, label, fullLabel, format }: SeriesCardProps) {
  const { t } = useTranslation('movement');
  const canvas = useRef<HTMLCanvasElement>(null);
  const labels = points.map((p) => label(p.at));
  const values = points.map((p) => p.value);
  const key = JSON.stringify([labels, values]);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const root = getComputedStyle(document.documentElement);
    const color = (name: string, fallback: string) => root.getPropertyValue(name).trim() || fallback;
    const chart = new Chart(element, {
      type: 'bar',
      data: { labels, datasets: [{ label: valueLabel, data: values, backgroundColor: color('--color-navy-500', '#2f4fa8'), borderRadius: 2 }] },
      options: {
        locale: format.locale,
        animation: false,
        maintainAspectRatio: false,
        responsive: true,
        scales: {
          x: { grid: { display: false }, ticks: { color: color('--color-slate-600', '#475569'), maxRotation: 0, autoSkip: true, maxTicksLimit: 6 } },
          y: { beginAtZero: true, ticks: { color: color('--color-slate-600', '#475569'), precision: 0 }, grid: { color: color('--color-slate-200', '#e2e8f0') } },
        },
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { title: (items) => (items[0] ? fullLabel(points[items[0].dataIndex]!.at) : ''), label: (item) => `${valueLabel}: ${format.number(item.parsed.y ?? 0)}` } },
        },
      },
    });
    return () => chart.destroy();
    // The chart is drawn again when its figures or their words change (`key`), not on each render.
  }, [key, valueLabel, format.locale]);

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base" id={`${id}-title`}>
          {title}
        </CardTitle>
        <p className="text-sm text-slate-700" id={`${id}-summary`}>
          {summary}
        </p>
      </CardHeader>
      <CardContent>
        {/* Chart.js sizes the canvas to this box (responsive): relative, and free to shrink. */}
        <div className="relative h-48 w-full min-w-0">
          <canvas ref={canvas} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} data-testid={`${id}-chart`} />
        </div>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-navy-700">{t('progress.showFigures')}</summary>
          <div className="mt-2 max-h-64 overflow-y-auto" tabIndex={0} role="region" aria-label={t('progress.figuresOf', { title })}>
            <table className="w-full text-left">
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    {bucketLabel}
                  </th>
                  <th scope="col" className="py-1 text-right font-semibold">
                    {valueLabel}
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...points].reverse().map((p) => (
                  <tr key={p.at} className="border-b border-slate-100">
                    <td className="py-1 pr-3">{fullLabel(p.at)}</td>
                    <td className="py-1 text-right tabular-nums">{format.number(p.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </CardContent>
    </Card>
  );
}
