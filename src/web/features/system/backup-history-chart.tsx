import { BarController, BarElement, CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import type { SystemStatus } from '../../../domain/operations/system-status';
import type { Format } from '../../i18n/format';
import type { SystemWords } from './system-words';

/**
 * The recent base backups drawn by Chart.js (decision 033): their size in bars, how long each
 * took as a line. Loaded only by /admin/system (React.lazy), so Chart.js weighs on no other
 * page; the page gives the same figures in a table, and the canvas is named and described by
 * the heading and the sentence beside it.
 */

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip);

interface Props {
  /** Oldest first, as the chart reads left to right. */
  points: SystemStatus['backups']['history'];
  titleId: string;
  summaryId: string;
  sizeLabel: string;
  durationLabel: string;
  format: Format;
  words: SystemWords;
}

export default function BackupHistoryChart({ points, titleId, summaryId, sizeLabel, durationLabel, format, words }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const labels = points.map((p) => format.dayMonth(p.at));
  const sizes = points.map((p) => (p.bytes === null ? null : p.bytes / 1e6));
  const seconds = points.map((p) => p.seconds);
  const key = JSON.stringify([labels, sizes, seconds]);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const root = getComputedStyle(document.documentElement);
    const color = (name: string, fallback: string) => root.getPropertyValue(name).trim() || fallback;
    const ink = color('--color-slate-600', '#475569');
    const chart = new Chart(element, {
      data: {
        labels,
        datasets: [
          { type: 'bar', label: sizeLabel, data: sizes, yAxisID: 'size', backgroundColor: color('--color-navy-500', '#2f4fa8'), borderRadius: 2 },
          { type: 'line', label: durationLabel, data: seconds, yAxisID: 'time', borderColor: color('--color-amber-600', '#d97706'), backgroundColor: color('--color-amber-600', '#d97706'), pointRadius: 3 },
        ],
      },
      options: {
        locale: format.locale,
        animation: false,
        maintainAspectRatio: false,
        responsive: true,
        scales: {
          x: { grid: { display: false }, ticks: { color: ink, maxRotation: 0, autoSkip: true, maxTicksLimit: 6 } },
          size: { position: 'left', beginAtZero: true, ticks: { color: ink, callback: (value) => words.bytes(Number(value) * 1e6) }, grid: { color: color('--color-slate-200', '#e2e8f0') } },
          time: { position: 'right', beginAtZero: true, ticks: { color: ink, callback: (value) => words.duration(Number(value)) }, grid: { display: false } },
        },
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              title: (items) => (items[0] ? format.dateTime(points[items[0].dataIndex]!.at) : ''),
              label: (item) =>
                item.dataset.yAxisID === 'size' ? `${sizeLabel}: ${words.bytes((item.parsed.y ?? 0) * 1e6)}` : `${durationLabel}: ${words.duration(item.parsed.y ?? 0)}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
    // Drawn again when its figures or their words change (`key`, the language), not on each render.
  }, [key, sizeLabel, durationLabel, format.locale]);

  return (
    // Chart.js sizes the canvas to this box (responsive): relative, and free to shrink.
    <div className="relative h-44 w-full min-w-0">
      <canvas ref={canvas} role="img" aria-labelledby={titleId} aria-describedby={summaryId} data-testid="backup-history-chart" />
    </div>
  );
}
