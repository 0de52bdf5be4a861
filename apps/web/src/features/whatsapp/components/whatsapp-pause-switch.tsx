import { useTranslation } from 'react-i18next';
import { LabelledSwitch } from '../../../components/ui/labelled-switch';

interface WhatsappPauseSwitchProps {
  paused: boolean;
  saving: boolean;
  onChange: (paused: boolean) => void;
}

/** On means the Spark answers on WhatsApp; a paused channel keeps its settings and answers nobody. */
export function WhatsappPauseSwitch({ paused, saving, onChange }: WhatsappPauseSwitchProps) {
  const { t } = useTranslation();
  return (
    <LabelledSwitch
      label={t('whatsapp.pause.label')}
      onHint={t('whatsapp.pause.on')}
      offHint={t('whatsapp.pause.off')}
      on={!paused}
      saving={saving}
      onChange={(on) => onChange(!on)}
      testId="whatsapp-pause"
    />
  );
}
