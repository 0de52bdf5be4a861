import { WEBSITE_SCHEDULES, type WebsiteSchedule } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface ScheduleSelectProps {
  value: WebsiteSchedule;
  onChange: (schedule: WebsiteSchedule) => void;
  /** Stacked under its label in a form, or beside it in a website's card. */
  inline?: boolean;
}

/** How often a website is read again: only when asked, every day or every week. */
export function ScheduleSelect({ value, onChange, inline = false }: ScheduleSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={inline ? 'flex items-center gap-2 text-sm' : 'space-y-1.5'}>
      <label htmlFor={id} className={inline ? 'text-muted' : 'block text-sm font-medium text-ink'}>
        {t('websites.schedule.label')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as WebsiteSchedule)}
        className={`${inline ? 'min-h-9 px-2 text-sm' : 'block min-h-11 w-full px-3 text-base'} rounded-lg border border-line bg-white text-ink focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30`}
      >
        {WEBSITE_SCHEDULES.map((option) => (
          <option key={option} value={option}>
            {t(`websites.schedule.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
