import { passwordCriteria, passwordStrength, type PasswordStrength } from '@sparks/contract/passwords';
import { useTranslation } from 'react-i18next';

const LEVEL: Record<PasswordStrength, { filled: number; color: string }> = {
  none: { filled: 0, color: 'bg-line' },
  notStrong: { filled: 1, color: 'bg-red-500' },
  normal: { filled: 2, color: 'bg-amber-500' },
  strong: { filled: 3, color: 'bg-lime-600' },
  veryStrong: { filled: 4, color: 'bg-green-600' },
};

/** product.md §2/§5: Not Strong, Normal, Strong, Very Strong, with the criteria that are still missing. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  const criteria = passwordCriteria(password);
  const { filled, color } = LEVEL[strength];
  return (
    <div className="space-y-2" data-testid="password-strength">
      <div className="flex gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <span key={index} className={`h-1.5 flex-1 rounded-full ${index < filled ? color : 'bg-line'}`} />
        ))}
      </div>
      {strength !== 'none' && (
        <p className="text-xs font-medium text-ink" aria-live="polite">
          {t('auth.strength.label')}: {t(`auth.strength.${strength}`)}
        </p>
      )}
      <ul className="grid grid-cols-1 gap-x-4 gap-y-0.5 text-xs sm:grid-cols-2">
        {(Object.keys(criteria) as Array<keyof typeof criteria>).map((key) => (
          <li key={key} className={criteria[key] ? 'text-green-700' : 'text-muted'}>
            <span aria-hidden="true">{criteria[key] ? '✓ ' : '• '}</span>
            {t(`auth.criteria.${key}`)}
            <span className="sr-only">{criteria[key] ? ` (${t('auth.criteria.met')})` : ''}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
