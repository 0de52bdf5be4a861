import { describe, expect, it } from 'vitest';
import { dataLoadStatus } from './data-load-status';

const arrived = (at: number) => ({ isPending: false, isError: false, dataUpdatedAt: at });

describe('dataLoadStatus (product.md §4)', () => {
  it('is loading while the request is pending', () => {
    expect(dataLoadStatus({ isPending: true, isError: false, dataUpdatedAt: 0 }, 5_000, 1_000)).toBe('loading');
  });

  it('becomes success only once the delay after the data arrived has passed', () => {
    expect(dataLoadStatus(arrived(10_000), 10_999, 1_000)).toBe('loading');
    expect(dataLoadStatus(arrived(10_000), 11_000, 1_000)).toBe('success');
  });

  it('is error when the load failed, even with older data at hand', () => {
    expect(dataLoadStatus({ isPending: false, isError: true, dataUpdatedAt: 10_000 }, 20_000, 1_000)).toBe('error');
  });

  it('goes back to loading for the delay when newer data arrives', () => {
    expect(dataLoadStatus(arrived(30_000), 30_200, 1_000)).toBe('loading');
  });
});
