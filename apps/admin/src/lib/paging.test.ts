import { describe, expect, it } from 'vitest';
import { pageRange, showingText } from './paging.ts';

describe('showingText', () => {
  it('counts the rows of the current page', () => {
    expect(showingText(1, 10, 25, 'users')).toBe('Showing 1 to 10 of 25 users');
    expect(showingText(3, 10, 25, 'users')).toBe('Showing 21 to 25 of 25 users');
    expect(showingText(2, 20, 40, 'logs')).toBe('Showing 21 to 40 of 40 logs');
  });

  it('shows zeros for an empty list', () => {
    expect(showingText(1, 10, 0, 'projects')).toBe('Showing 0 to 0 of 0 projects');
  });
});

describe('pageRange', () => {
  it('has at least one page', () => {
    expect(pageRange(1, 10, 0).totalPages).toBe(1);
    expect(pageRange(1, 10, 10).totalPages).toBe(1);
    expect(pageRange(1, 10, 11).totalPages).toBe(2);
  });
});
