import { describe, expect, it } from 'vitest';
import { adminNavItems } from './admin-nav-items.ts';

describe('adminNavItems', () => {
  it('lists exactly the sidebar entries of the spec, in order', () => {
    expect(adminNavItems.map((item) => [item.label, item.to])).toEqual([
      ['Overview', '/dashboard'],
      ['Users', '/users'],
      ['Sessions', '/sessions'],
      ['Projects', '/projects'],
      ['Subscriptions', '/subscriptions'],
      ['Activity', '/activity'],
      ['Email Settings', '/email-settings'],
      ['Settings', '/settings'],
    ]);
  });
});
