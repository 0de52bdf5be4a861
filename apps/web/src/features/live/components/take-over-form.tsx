import { HAND_BACK_MINUTES_DEFAULT } from '@sparks/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** The quiet spells an owner may choose before the Spark answers again (the server takes 1–120). */
const MINUTES = [5, HAND_BACK_MINUTES_DEFAULT, 15, 30, 60, 120] as const;

interface TakeOverFormProps {
  pending: boolean;
  onTakeOver(handBackMinutes: number): void;
}

/** "Take over", with how long a quiet conversation stays the owner's. */
export function TakeOverForm({ pending, onTakeOver }: TakeOverFormProps) {
  const { t } = useTranslation();
  const [minutes, setMinutes] = useState<number>(HAND_BACK_MINUTES_DEFAULT);
  const selectId = useId();
  return (
    <form
      className="flex flex-col gap-2 border-t border-line bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        onTakeOver(minutes);
      }}
    >
      <p className="text-sm text-ink/80">{t('live.takeOverHint')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="text-sm">
          {t('live.handBackAfter')}
        </label>
        <select
          id={selectId}
          value={minutes}
          onChange={(event) => setMinutes(Number(event.target.value))}
          className="min-h-10 rounded-lg border border-black/20 bg-white px-2 text-sm"
        >
          {MINUTES.map((value) => (
            <option key={value} value={value}>
              {t('live.minutes', { count: value })}
            </option>
          ))}
        </select>
        <Button type="submit" disabled={pending} className="ml-auto">
          {pending ? t('live.takingOver') : t('live.takeOver')}
        </Button>
      </div>
    </form>
  );
}
