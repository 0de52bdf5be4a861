import { describe, expect, it } from 'vitest';
import { objectiveStatus, objectivesProgress, type StepStatus } from './objectives.js';

const steps = (...statuses: StepStatus[]) => statuses.map((status) => ({ status }));

describe('objective status (product.md §4)', () => {
  it.each([
    { statuses: ['completed', 'completed'], expected: 'Completed' },
    { statuses: ['completed', 'pending'], expected: 'InProgress' },
    { statuses: ['error', 'pending'], expected: 'InProgress' },
    { statuses: ['completed', 'error'], expected: 'InProgress' },
    { statuses: ['inProgress', 'pending'], expected: 'InProgress' },
    { statuses: ['error', 'error'], expected: 'Error' },
    { statuses: ['pending', 'pending'], expected: 'Pending' },
    { statuses: ['completed'], expected: 'Completed' },
    { statuses: ['error'], expected: 'Error' },
    { statuses: [], expected: 'Pending' },
  ] as Array<{ statuses: StepStatus[]; expected: string }>)('$statuses → $expected', ({ statuses, expected }) => {
    expect(objectiveStatus(steps(...statuses))).toBe(expected);
  });
});

describe('overall progress (product.md §4)', () => {
  it.each([
    { objectives: [steps('completed', 'pending'), steps('pending')], expected: 33 },
    { objectives: [steps('completed', 'completed'), steps('completed')], expected: 100 },
    { objectives: [steps('completed', 'completed', 'pending')], expected: 67 },
    { objectives: [steps('error', 'inProgress'), steps('pending')], expected: 0 },
    { objectives: [steps()], expected: 0 },
    { objectives: [], expected: 0 },
  ])('$expected%', ({ objectives, expected }) => {
    expect(objectivesProgress(objectives.map((list) => ({ steps: list })))).toBe(expected);
  });
});
