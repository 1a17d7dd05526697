// One bar chart for every panel of the Overview (docs/overview.md, decision 022): visx's scales
// and bars, our own markup. Each bar carries its value as text above it; a second series is told
// by a hatch and a legend in words, not by colour alone; a bar that leads somewhere is a link
// (focusable, named by its aria-label); the figure's caption and description are its text
// alternative, and the panel puts the same numbers in a table beside it.
import { useId } from 'react';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { SERIES_COLOURS } from '../../../../shared/overview/overview.js';
import { navigate } from '../navigation.js';

export interface ChartSeries {
  name: string;
  /** Solid or hatched: the second cue beside the colour. */
  style: 'solid' | 'hatched';
}

export interface ChartGroup {
  key: string;
  /** The short label under the group. */
  label: string;
  /** `href`: a link inside the inbox, followed without a page load (a new tab still works). */
  values: { value: number; text: string; href?: string; label?: string }[];
  /** A mark across the group (a capacity), with its words for the legend. */
  limit?: number;
}

const WIDTH = 640;
const HEIGHT = 240;
const MARGIN = { top: 22, right: 8, bottom: 34, left: 8 };

export function BarChart({
  title,
  description,
  series,
  groups,
  limitLabel,
}: {
  title: string;
  description: string;
  series: readonly ChartSeries[];
  groups: readonly ChartGroup[];
  limitLabel?: string;
}) {
  const id = useId();
  const interactive = groups.some((g) => g.values.some((v) => v.href));
  const innerW = WIDTH - MARGIN.left - MARGIN.right;
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(1, ...groups.flatMap((g) => [...g.values.map((v) => v.value), g.limit ?? 0]));
  const x = scaleBand<string>({ domain: groups.map((g) => g.key), range: [0, innerW], padding: 0.2 });
  const inner = scaleBand<number>({ domain: series.map((_, i) => i), range: [0, x.bandwidth()], padding: 0.08 });
  const y = scaleLinear<number>({
    domain: [Math.min(0, ...groups.flatMap((g) => g.values.map((v) => v.value))), max],
    range: [innerH, 0],
    nice: true,
  });
  const zero = y(0);
  return (
    <figure className="overview-chart">
      <figcaption id={`${id}-t`}>{title}</figcaption>
      <p id={`${id}-d`} className="muted small">
        {description}
      </p>
      {(series.length > 1 || limitLabel) && (
        <ul className="overview-legend">
          {series.map((s, i) => (
            <li key={s.name}>
              <svg width="16" height="12" aria-hidden="true">
                <rect
                  width="16"
                  height="12"
                  fill={s.style === 'hatched' ? `url(#${id}-hatch-${i})` : SERIES_COLOURS[i]}
                  stroke={SERIES_COLOURS[i]}
                />
                <defs>{hatch(`${id}-hatch-${i}`, SERIES_COLOURS[i]!)}</defs>
              </svg>
              {s.name}
            </li>
          ))}
          {limitLabel && (
            <li>
              <svg width="16" height="12" aria-hidden="true">
                <line x1="0" x2="16" y1="6" y2="6" stroke="#222" strokeWidth="2" strokeDasharray="4 2" />
              </svg>
              {limitLabel}
            </li>
          )}
        </ul>
      )}
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="overview-svg"
        role={interactive ? 'group' : 'img'}
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
      >
        <defs>{series.map((s, i) => s.style === 'hatched' && hatch(`${id}-p-${i}`, SERIES_COLOURS[i]!))}</defs>
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          <line x1={0} x2={innerW} y1={zero} y2={zero} stroke="#555" aria-hidden="true" />
          {groups.map((g) => {
            const gx = x(g.key) ?? 0;
            return (
              <g key={g.key} transform={`translate(${gx},0)`}>
                {g.values.map((v, i) => {
                  const top = y(Math.max(0, v.value));
                  const height = Math.abs(y(v.value) - zero);
                  const bx = inner(i) ?? 0;
                  const fill = series[i]?.style === 'hatched' ? `url(#${id}-p-${i})` : SERIES_COLOURS[i];
                  const bar = (
                    <>
                      <Bar
                        x={bx}
                        y={top}
                        width={inner.bandwidth()}
                        height={Math.max(height, 1)}
                        fill={fill}
                        stroke={SERIES_COLOURS[i]}
                        className="overview-bar"
                      />
                      <text
                        x={bx + inner.bandwidth() / 2}
                        y={top - 5}
                        textAnchor="middle"
                        className="overview-value"
                        aria-hidden="true"
                      >
                        {v.text}
                      </text>
                    </>
                  );
                  return v.href ? (
                    <a
                      key={i}
                      href={v.href}
                      aria-label={v.label ?? v.text}
                      onClick={(e) => {
                        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                        e.preventDefault();
                        navigate(v.href!);
                      }}
                    >
                      {bar}
                    </a>
                  ) : (
                    <g key={i} aria-hidden="true">
                      {bar}
                    </g>
                  );
                })}
                {g.limit !== undefined && g.limit > 0 && (
                  <line
                    x1={0}
                    x2={x.bandwidth()}
                    y1={y(g.limit)}
                    y2={y(g.limit)}
                    stroke="#222"
                    strokeWidth={2}
                    strokeDasharray="6 3"
                    aria-hidden="true"
                  />
                )}
                <text
                  x={x.bandwidth() / 2}
                  y={innerH + 20}
                  textAnchor="middle"
                  className="overview-axis"
                  aria-hidden="true"
                >
                  {g.label}
                </text>
              </g>
            );
          })}
        </g>
      </svg>
    </figure>
  );
}

function hatch(patternId: string, colour: string) {
  return (
    <pattern id={patternId} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="6" height="6" fill="#fff" />
      <line x1="0" y1="0" x2="0" y2="6" stroke={colour} strokeWidth="4" />
    </pattern>
  );
}
