import type { Objective } from '@sparks/contract';
import type { TFunction } from 'i18next';

/**
 * product.md §2 onboarding objectives: a fixed picture of what the first steps look like. Its ring,
 * like every other, shows the share of these steps done (docs/spec-deviations.md).
 */
export function onboardingObjectives(t: TFunction, userId: string): Objective[] {
  const objective = (key: string, steps: Array<[string, 'completed' | 'pending']>): Objective => ({
    _id: `onboarding:${key}`,
    title: t(`objectives.onboarding.${key}`),
    steps: steps.map(([step, status]) => ({ _id: `onboarding:${key}:${step}`, title: t(`objectives.onboarding.${step}`), status })),
    sparkId: null,
    userId,
    isCompleted: steps.every(([, status]) => status === 'completed'),
  });
  return [
    objective('info', [['intro', 'completed']]),
    objective('tab', [
      ['percentage', 'completed'],
      ['list', 'pending'],
    ]),
    objective('profile', [
      ['name', 'pending'],
      ['phone', 'pending'],
      ['language', 'pending'],
    ]),
  ];
}
