/**
 * A table's header row: a column header per label, and, when the rows end in buttons, a last column
 * whose name only screen readers hear (`action`).
 */
export function ColumnHeaders({ labels, action }: { labels: readonly string[]; action?: string }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
        {action !== undefined && (
          <th scope="col">
            <span className="sr-only">{action}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
