import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface WhatsappPauseSwitchProps {
  paused: boolean;
  saving: boolean;
  onChange: (paused: boolean) => void;
}

/** On means the Spark answers on WhatsApp; a paused channel keeps its settings and answers nobody. */
export function WhatsappPauseSwitch({ paused, saving, onChange }: WhatsappPauseSwitchProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  const on = !paused;
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium text-ink">
          {t('whatsapp.pause.label')}
        </p>
        <p id={hintId} className="text-xs text-muted">
          {on ? t('whatsapp.pause.on') : t('whatsapp.pause.off')}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={saving}
        onClick={() => onChange(on)}
        data-testid="whatsapp-pause"
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-50 ${
          on ? 'bg-primary' : 'bg-slate-500'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`}
        />
      </button>
    </div>
  );
}
