import { useCallback, useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { AdminDashboard } from '@kujiya/shared';
import { formatSgDayShort } from '@kujiya/shared';

// Only the pieces the two charts use; this module is imported by the admin chunk alone.
Chart.register(
  LineController,
  LineElement,
  PointElement,
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

function useChart(build: (canvas: HTMLCanvasElement) => Chart) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = build(ref.current);
    return () => chart.destroy();
  }, [build]);
  return ref;
}

export function DailyRevenueChart({ days }: { days: AdminDashboard['dailyRevenue'] }) {
  const build = useCallback(
    (canvas: HTMLCanvasElement) =>
      new Chart(canvas, {
        type: 'line',
        data: {
          labels: days.map((d) => formatSgDayShort(d.day)),
          datasets: [
            {
              label: 'Card revenue (S$)',
              yAxisID: 'dollars',
              data: days.map((d) => d.revenueCents / 100),
              borderColor: '#e8344e',
              backgroundColor: '#e8344e',
              tension: 0.25,
            },
            {
              label: 'Tokens spent',
              yAxisID: 'tokens',
              data: days.map((d) => d.tokensSpent),
              borderColor: '#7b4de0',
              backgroundColor: '#7b4de0',
              tension: 0.25,
            },
          ],
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          // Two units, two axes: S$ on the left, tokens on the right.
          scales: {
            dollars: { type: 'linear', position: 'left', beginAtZero: true, title: { display: true, text: 'S$' } },
            tokens: {
              type: 'linear',
              position: 'right',
              beginAtZero: true,
              title: { display: true, text: 'Tokens' },
              grid: { drawOnChartArea: false },
            },
          },
        },
      }),
    [days],
  );
  const ref = useChart(build);
  return (
    <div className="admin-chart">
      <canvas ref={ref} aria-label="Daily revenue, last 30 days" role="img" />
    </div>
  );
}

export function TopSetsChart({ sets }: { sets: AdminDashboard['topSets'] }) {
  const build = useCallback(
    (canvas: HTMLCanvasElement) =>
      new Chart(canvas, {
        type: 'bar',
        data: {
          // Name and SKU: two sets with the same name stay apart.
          labels: sets.map(
            (s) => `${s.productName.length > 18 ? `${s.productName.slice(0, 17)}…` : s.productName} (${s.sku})`,
          ),
          datasets: [
            { label: 'Tickets sold (30 days)', data: sets.map((s) => s.ticketsSold), backgroundColor: '#f5b82e' },
          ],
        },
        options: { responsive: true, maintainAspectRatio: false, animation: false, indexAxis: 'y' },
      }),
    [sets],
  );
  const ref = useChart(build);
  return (
    <div className="admin-chart">
      <canvas ref={ref} aria-label="Top sets by tickets sold" role="img" />
    </div>
  );
}
