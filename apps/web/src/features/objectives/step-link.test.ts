import { describe, expect, it } from 'vitest';
import { stepLink } from './step-link';

describe('where an objective step is done', () => {
  const spark = '6f0c2a4e-1b2c-4d3e-8f9a-0b1c2d3e4f5a';
  it.each([
    [`${spark}:define:name`, `/spark/${spark}`],
    [`${spark}:knowledge:upload`, `/spark/${spark}?panel=documents`],
    [`${spark}:test:ask`, `/spark/${spark}/test`],
    [`${spark}:publish:embed`, `/spark/${spark}?panel=deploy`],
    ['deploy:snippet', '/deploy'],
    [`${spark}:profile:phone`, '/profile'],
    ['nonsense', null],
    [`${spark}:unknown:step`, null],
  ])('%s → %s', (stepId, link) => {
    expect(stepLink(stepId)).toBe(link);
  });
});
