/**
 * Where a step of an objective is done, so the panel can take the user there. Step ids are
 * `<sparkId>:<objective>:<step>`, `deploy:<step>` or `<userId>:profile:<step>`.
 */
export function stepLink(stepId: string): string | null {
  if (stepId.startsWith('deploy:')) return '/deploy';
  const [owner, objective] = stepId.split(':');
  if (!owner || !objective) return null;
  if (objective === 'profile') return '/profile';
  const spark = `/spark/${encodeURIComponent(owner)}`;
  switch (objective) {
    case 'define':
      return spark;
    case 'knowledge':
      return `${spark}?panel=documents`;
    case 'test':
      return `${spark}/test`;
    case 'publish':
      return `${spark}?panel=deploy`;
    default:
      return null;
  }
}
