import type { Action } from '@sparks/contract';
import { ActionItem } from './action-item';

interface ActionListProps {
  sparkId: string;
  actions: readonly Action[];
  canEdit: boolean;
  /** The id of each action's Edit button, which gets focus back when its form closes. */
  editIdOf: (actionId: string) => string;
  onEdit: (action: Action) => void;
  /** An action was removed: its buttons went with it, so focus goes elsewhere. */
  onRemoved: () => void;
}

/** The Spark's actions, one card each. */
export function ActionList({ sparkId, actions, canEdit, editIdOf, onEdit, onRemoved }: ActionListProps) {
  return (
    <ul className="space-y-3" data-testid="actions-list">
      {actions.map((action) => (
        <li key={action._id}>
          <ActionItem sparkId={sparkId} action={action} canEdit={canEdit} editId={editIdOf(action._id)} onEdit={() => onEdit(action)} onRemoved={onRemoved} />
        </li>
      ))}
    </ul>
  );
}
