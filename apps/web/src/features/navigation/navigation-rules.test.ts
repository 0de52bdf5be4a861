import { describe, expect, it } from 'vitest';
import { isChatRoute, isEntryDisabled, planLabel, profileDisplayName, roleCan, visibleEntries } from './navigation-rules';

const withPlan = (productName: string, deployments: number) =>
  ({
    tenants: [{ subscription: { productName, limits: { deployments: { value: deployments } } } }],
  }) as never;

describe('navigation rules of product.md §2', () => {
  it('hides the entries with ids 5, 6 and 7', () => {
    expect(visibleEntries().map((entry) => entry.title)).toEqual(['settings', 'billing', 'deploy', 'new-spark']);
  });

  it('shows each role the entries it can use: billing to the owner, the building assistants to those who build', () => {
    const as = (role: string) => ({ tenants: [{ role }] }) as never;
    const titles = (role: string) => visibleEntries(as(role)).map((entry) => entry.title);
    expect(titles('owner')).toEqual(['settings', 'billing', 'deploy', 'new-spark']);
    expect(titles('admin')).toEqual(['settings', 'deploy', 'new-spark']);
    expect(titles('editor')).toEqual(['settings', 'deploy', 'new-spark']);
    expect(titles('agent')).toEqual(['settings']);
    expect(titles('viewer')).toEqual(['settings']);
    expect(roleCan(as('admin'), 'team.manage')).toBe(true);
    expect(roleCan(as('agent'), 'team.manage')).toBe(false);
    expect(roleCan(undefined, 'sparks.read')).toBe(false);
  });

  it('dims deploy only when the deployments limit is 0', () => {
    const deploy = visibleEntries().find((entry) => entry.title === 'deploy')!;
    expect(isEntryDisabled(deploy, withPlan('Free Plan', 0))).toBe(true);
    expect(isEntryDisabled(deploy, withPlan('Free Plan', 1))).toBe(false);
  });

  it('shows first and last name, else the username cut by width', () => {
    expect(profileDisplayName({ firstname: 'Ana', lastname: 'García', username: 'ana@example.com' }, 1280)).toBe('Ana García');
    expect(profileDisplayName({ firstname: null, lastname: null, username: 'averylongname@example.com' }, 1280)).toBe('averylongn...');
    expect(profileDisplayName({ firstname: null, lastname: null, username: 'averylongname@example.com' }, 1400)).toBe('averylongname@e...');
    expect(profileDisplayName({ firstname: null, lastname: null, username: 'averylongname@example.com' }, 390)).toBe('averylongname@e...');
    expect(profileDisplayName({ firstname: ' ', lastname: null, username: 'short@x.io' }, 1280)).toBe('short@x.io');
  });

  it("labels the Free Plan 'Free Trial' and any other plan by its name", () => {
    expect(planLabel(withPlan('Free Plan', 1))).toEqual({ label: 'Free Trial', isFree: true });
    expect(planLabel(withPlan('Emerald', 3))).toEqual({ label: 'Emerald', isFree: false });
  });

  it('knows the screens that are one chat, where a phone shows no footer or floating button', () => {
    const spark = '0b7f6a8e-2f7c-4a53-9d1e-4e4f0c2a9b11';
    for (const path of [
      `/spark/${spark}`,
      `/spark/${spark}/test`,
      `/spark/${spark}/test/t1`,
      `/mobile-test/${spark}/t1`,
      `/spark/${spark}/live`,
      `/spark/${spark}/live/c1`,
      '/settings',
      '/deploy',
      '/new-spark',
    ])
      expect(isChatRoute(path), path).toBe(true);
    for (const path of ['/', '/onBoarding', '/spark/onboarding', `/spark/${spark}/insights`, '/unknown']) expect(isChatRoute(path), path).toBe(false);
  });
});
