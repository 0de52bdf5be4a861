/** Labelled rows as a definition list; rows without a label are notes shown as text below it. */
export function InfoList({ rows }: { rows: Array<{ label?: string; value?: string }> }) {
  const labelled = rows.filter((row) => row.label);
  const notes = rows.filter((row) => !row.label && row.value);
  return (
    <>
      {labelled.length > 0 && (
        <dl className="grid gap-x-4 gap-y-1 text-sm desktop:grid-cols-[max-content_1fr]">
          {labelled.map((row, index) => (
            <div key={index} className="contents">
              <dt className="font-medium text-muted">{row.label}</dt>
              <dd className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere]">{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {notes.map((row, index) => (
        <p key={index} className="whitespace-pre-line break-words text-sm">
          {row.value}
        </p>
      ))}
    </>
  );
}
