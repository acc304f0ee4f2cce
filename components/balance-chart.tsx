import type { BalanceSeries } from "@/lib/tpp/ais/build-balance-series";
import { formatDate, formatMoney, formatMoneyRounded } from "./format";

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 8, right: 0, bottom: 4, left: 0 };

function niceSteps(min: number, max: number): number[] {
  if (min === max) return [min];
  const span = max - min;
  const rough = span / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * magnitude).find((s) => s >= rough) ?? rough;
  const steps: number[] = [];
  for (let value = Math.ceil(min / step) * step; value <= max; value += step) steps.push(value);
  return steps;
}

/**
 * The end-of-day balance over time as an SVG line with its area: drawn on the server, scaling to
 * its container; described in words for screen readers (period, first, last, lowest and highest).
 */
export function BalanceChart({ series }: { series: BalanceSeries }) {
  const values = series.points.map((p) => Number(p.amount));
  if (values.length < 2) return null;
  // The words show the amounts' own decimal strings; numbers only place the points.
  const money = (amount: string | undefined) => (amount === undefined ? "–" : formatMoney({ amount, currency: series.currency }));
  const low = Math.min(...values);
  const high = Math.max(...values);
  const lowAmount = series.points[values.indexOf(low)]?.amount;
  const highAmount = series.points[values.indexOf(high)]?.amount;
  const min = Math.min(low, 0 < low ? low - (high - low) * 0.1 : low);
  const max = high === min ? high + 1 : high;
  const x = (index: number) => PAD.left + (index / (values.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - (value - min) / (max - min)) * (HEIGHT - PAD.top - PAD.bottom);
  const line = values.map((value, index) => `${index === 0 ? "M" : "L"}${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  const area = `${line} L${x(values.length - 1).toFixed(1)},${HEIGHT - PAD.bottom} L${x(0).toFixed(1)},${HEIGHT - PAD.bottom} Z`;
  const first = series.points[0];
  const last = series.points.at(-1);
  const description = `Balance from ${formatDate(first?.date)} to ${formatDate(last?.date)}: ${money(first?.amount)} at the start, ${money(last?.amount)} at the end, lowest ${money(lowAmount)}, highest ${money(highAmount)}.`;
  const ticks = [0, Math.floor((values.length - 1) / 2), values.length - 1];
  const zeroVisible = min < 0 && max > 0;
  const gridValues = niceSteps(min, max);
  return (
    <figure className="m-0">
      <div className="relative">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={description}
          className="h-44 w-full sm:h-56"
          preserveAspectRatio="none"
        >
          <defs>
            <linearGradient id="balance-fill" x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" stopColor="var(--color-brand-500)" stopOpacity="0.25" />
              <stop offset="100%" stopColor="var(--color-brand-500)" stopOpacity="0" />
            </linearGradient>
          </defs>
          {gridValues.map((value) => (
            <line
              key={value}
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(value)}
              y2={y(value)}
              stroke="#e2e8f0"
              strokeDasharray="4 4"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {zeroVisible && (
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="#94a3b8" vectorEffect="non-scaling-stroke" />
          )}
          <path d={area} fill="url(#balance-fill)" />
          <path
            d={line}
            fill="none"
            stroke="var(--color-brand-600)"
            strokeWidth="2"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        {/* The grid lines' values, in HTML over the stretched SVG so that the text keeps its shape. */}
        <div aria-hidden="true">
          {gridValues.map((value) => (
            <span
              key={value}
              className="absolute left-0 -translate-y-full rounded bg-white/80 px-1 text-[11px] leading-4 text-slate-500 tabular-nums"
              style={{ top: `${((y(value) / HEIGHT) * 100).toFixed(2)}%` }}
            >
              {formatMoneyRounded(value, series.currency)}
            </span>
          ))}
        </div>
      </div>
      <div aria-hidden="true" className="mt-2 flex justify-between text-xs text-slate-500">
        {ticks.map((index) => (
          <span key={index}>{formatDate(series.points[index]?.date)}</span>
        ))}
      </div>
      <figcaption className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-500">
        <span>
          Lowest <span className="font-medium text-slate-700 tabular-nums">{money(lowAmount)}</span>
        </span>
        <span>
          Highest <span className="font-medium text-slate-700 tabular-nums">{money(highAmount)}</span>
        </span>
        <span>End-of-day balance, worked back from the booked balance through the booked transactions</span>
      </figcaption>
    </figure>
  );
}
