"use client";
// A per-day chart of the reports screen (recharts): bars for the last 7 days' activity, lines for the
// funnel. The table beside each is its text alternative; `label` describes the chart to screen readers.
import { dayLabel } from "@/lib/dates/format";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

export interface DaySeries<K extends string> {
  key: K;
  name: string;
  color: string;
}

interface Props<K extends string> {
  data: ({ date: string } & Record<K, number>)[];
  series: DaySeries<K>[];
  kind: "bar" | "line";
  label: string;
}

export function DailyChart<K extends string>({ data, series, kind, label }: Props<K>) {
  const rows = data.map((d) => ({ ...d, label: dayLabel(d.date, false) }));
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke="#e5e7eb" />,
    <XAxis key="x" dataKey="label" tick={{ fill: "#374151", fontSize: 12 }} />,
    <YAxis key="y" allowDecimals={false} tick={{ fill: "#374151", fontSize: 12 }} />,
    <Tooltip key="tooltip" />,
    <Legend key="legend" />,
  ];
  return (
    <div className="h-64 w-full" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        {kind === "bar" ? (
          <BarChart data={rows}>
            {axes}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} />
            ))}
          </BarChart>
        ) : (
          <LineChart data={rows}>
            {axes}
            {series.map((s) => (
              <Line key={s.key} dataKey={s.key} name={s.name} stroke={s.color} />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
