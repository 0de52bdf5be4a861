import { useEffect, useState } from 'react';

interface EditableTitleProps {
  value: string;
  label: string;
  saveLabel: string;
  /** Resolves when saved; a rejection restores the old title (product.md §4). */
  onSave: (value: string) => Promise<unknown>;
}

/** product.md §4 inline title edit: Enter or the check saves, Escape restores, a blank title is not saved. */
export function EditableTitle({ value, label, saveLabel, onSave }: EditableTitleProps) {
  const [draft, setDraft] = useState(value);
  const [editing, setEditing] = useState(false);
  useEffect(() => setDraft(value), [value]);

  const save = async () => {
    const trimmed = draft.trim();
    setEditing(false);
    if (!trimmed || trimmed === value) {
      setDraft(value);
      return;
    }
    try {
      await onSave(trimmed);
    } catch {
      setDraft(value);
    }
  };

  return (
    <div className="flex min-w-0 items-center gap-1">
      <input
        aria-label={label}
        value={draft}
        onFocus={() => setEditing(true)}
        onBlur={() => {
          setDraft(value);
          setEditing(false);
        }}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void save();
          if (event.key === 'Escape') {
            setDraft(value);
            setEditing(false);
            event.currentTarget.blur();
          }
        }}
        className="min-w-0 flex-1 truncate rounded-md bg-transparent px-2 py-1 text-lg font-semibold text-white placeholder:text-white/70 hover:bg-white/10 focus:bg-white/15 focus:outline-none"
      />
      {editing && (
        <button
          type="button"
          aria-label={saveLabel}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => void save()}
          className="inline-flex size-8 items-center justify-center rounded-md text-white hover:bg-white/15"
        >
          ✓
        </button>
      )}
    </div>
  );
}
