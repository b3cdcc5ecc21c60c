import type { AnswerValue } from '@/lib/answer/types';

/** A small accessible bar chart of a chronological series (the numbers are also in the text and table). */
export function SeriesChart({ values }: { values: AnswerValue[] }) {
  const max = Math.max(...values.map((v) => Math.abs(v.value)), 1);
  const w = 56;
  const h = 120;
  return (
    <figure>
      <svg role="img" aria-label={`Chart: ${values.map((v) => `${v.period.label} ${v.display}`).join(', ')}`} width={values.length * (w + 12)} height={h + 36} className="text-accent">
        {values.map((v, i) => {
          const bh = Math.max(2, (Math.abs(v.value) / max) * h);
          return (
            <g key={v.id} transform={`translate(${i * (w + 12)},0)`}>
              <rect x={0} y={h - bh} width={w} height={bh} rx={3} className={v.value < 0 ? 'fill-red-400' : 'fill-teal-600'} />
              <text x={w / 2} y={h + 14} textAnchor="middle" fontSize={11} className="fill-slate-600">
                {v.period.label}
              </text>
              <text x={w / 2} y={h + 28} textAnchor="middle" fontSize={10} className="fill-slate-500">
                {v.display}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
