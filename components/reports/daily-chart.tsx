"use client";
// Daily activity of the last 7 days as a bar chart (recharts); the table beside it is its text alternative.
import { dayLabel } from "@/lib/dates/format";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export function DailyChart({ data }: { data: { date: string; total_spins: number; unique_users: number }[] }) {
  const rows = data.map((d) => ({ ...d, label: dayLabel(d.date, false) }));
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label="Gráfico de giros e participantes únicos por dia nos últimos 7 dias"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="label" tick={{ fill: "#374151", fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fill: "#374151", fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Bar dataKey="total_spins" name="Giros" fill="#7c3aed" />
          <Bar dataKey="unique_users" name="Participantes únicos" fill="#0e7490" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
