import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Spark } from '@sparks/contract';
import { useTranslation } from 'react-i18next';

interface SparkItemMenuProps {
  spark: Spark;
  onTogglePin: () => void;
  onDelete: () => void;
}

/** product.md §2 per-Spark dropdown: fix/unfix and delete. */
export function SparkItemMenu({ spark, onTogglePin, onDelete }: SparkItemMenuProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={t('sparks.actionsFor', { name: spark.name })}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-primary-soft hover:text-ink"
      >
        <span aria-hidden="true">⋯</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-40 rounded-lg border border-line bg-white p-1 shadow-lg">
          <DropdownMenu.Item onSelect={onTogglePin} className="cursor-pointer rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-primary-soft">
            {spark.pin ? t('sparks.unpin') : t('sparks.pin')}
          </DropdownMenu.Item>
          <DropdownMenu.Item onSelect={onDelete} className="cursor-pointer rounded-md px-2 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50">
            {t('sparks.delete')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
