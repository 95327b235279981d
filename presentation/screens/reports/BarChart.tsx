import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChartSeries {
  readonly label: string;
  /** A class that colours the bars (chart-bar-1, chart-bar-2). */
  readonly tone: 1 | 2;
}

export interface ChartPoint {
  readonly label: string;
  /** A shorter label under the bar (the full one is in the table and the bar's title). */
  readonly short?: string;
  /** One value per series. */
  readonly values: readonly number[];
}

/**
 * A light, accessible bar chart in plain SVG: the picture is one image with a text alternative
 * (its title and a one-line summary), and the same figures follow as a table that a screen reader
 * or a keyboard user can read (shown on request, and always when printed).
 */
export function BarChart({ title, summary, series, points, format }: { title: string; summary: string; series: readonly ChartSeries[]; points: readonly ChartPoint[]; format: (value: number) => string }) {
  const { t } = useTranslation('reports');
  const id = useId();
  const max = Math.max(1, ...points.flatMap((p) => p.values));
  const width = Math.max(360, points.length * Math.max(44, series.length * 26));
  const height = 220;
  const left = 8;
  const bottom = 40;
  const top = 12;
  const slot = (width - left * 2) / Math.max(1, points.length);
  const barWidth = Math.max(2, Math.min(36, (slot - 6) / Math.max(1, series.length)));
  const scale = (v: number) => ((height - bottom - top) * Math.max(0, v)) / max;
  const showEvery = Math.max(1, Math.ceil(points.length / 24));
  return (
    <figure className="chart">
      <figcaption className="chart-title">{title}</figcaption>
      {series.length > 1 && (
        <ul className="chart-legend" aria-hidden="true">
          {series.map((s) => (
            <li key={s.label}>
              <span className={`chart-key chart-bar-${s.tone}`} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="chart-svg" preserveAspectRatio="xMidYMid meet">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1={left} x2={width - left} y1={height - bottom} y2={height - bottom} className="chart-axis" />
        {points.map((point, i) => {
          const x0 = left + i * slot + (slot - barWidth * series.length) / 2;
          return (
            <g key={`${point.label}-${i}`}>
              {point.values.map((value, s) => (
                <rect key={s} x={x0 + s * barWidth} y={height - bottom - scale(value)} width={Math.max(1, barWidth - 2)} height={scale(value)} className={`chart-bar-${series[s]?.tone ?? 1}`}>
                  <title>{`${point.label} · ${series[s]?.label ?? ''}: ${format(value)}`}</title>
                </rect>
              ))}
              {i % showEvery === 0 && (
                <text x={left + i * slot + slot / 2} y={height - bottom + 16} textAnchor="middle" className="chart-label">
                  {(point.short ?? point.label).length > 9 ? `${(point.short ?? point.label).slice(0, 8)}…` : (point.short ?? point.label)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <details className="chart-data">
        <summary>{t('chart.showTable', { title })}</summary>
        <table className="data-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.item')}</th>
              {series.map((s) => (
                <th key={s.label} scope="col" className="number">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((point, i) => (
              <tr key={`${point.label}-${i}`}>
                <th scope="row">{point.label}</th>
                {point.values.map((value, s) => (
                  <td key={s} className="number">
                    {format(value)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
