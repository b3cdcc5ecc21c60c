/** The header row shared by the admin and overview tables: one plain column heading per label. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead className="bg-slate-50 text-left text-xs uppercase text-muted">
      <tr>
        {columns.map((c, i) => (
          <th key={`${c}-${i}`} scope="col" className="px-4 py-2">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
