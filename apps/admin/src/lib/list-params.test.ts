import { describe, expect, it } from 'vitest';
import { nextListParams, parseListParams, parsePage, parseSearch, serialiseListParams, sortInput, withForeignParams } from './list-params.ts';

const uuid = /^[0-9a-f-]{36}$/;
const spec = {
  sortColumns: ['email', 'joined'] as const,
  filters: { status: ['active', 'cancelled'] as const, plan: (v: string) => uuid.test(v) },
};
const parse = (query: string) => parseListParams(new URLSearchParams(query), spec);

describe('parseListParams', () => {
  it('reads page, search, filters and sort', () => {
    expect(parse('q=jane&status=active&plan=0b7f0b4e-4c55-4a63-9a7e-1f0f4f9a2b11&sort=email&dir=asc&page=3')).toEqual({
      page: 3,
      search: 'jane',
      sort: 'email',
      dir: 'asc',
      filters: { status: 'active', plan: '0b7f0b4e-4c55-4a63-9a7e-1f0f4f9a2b11' },
    });
  });

  it('falls back to defaults for hostile or malformed params', () => {
    expect(parse('page=-1').page).toBe(1);
    expect(parse('page=1e9').page).toBe(1);
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=999999999').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('sort=created_at%20desc;drop%20table%20users').sort).toBeNull();
    expect(parse('sort=__proto__').sort).toBeNull();
    expect(parse('dir=sideways').dir).toBe('desc');
    expect(parse('status=<script>alert(1)</script>').filters.status).toBe('');
    expect(parse('status=all').filters.status).toBe('');
    expect(parse("plan=' or 1=1 --").filters.plan).toBe('');
    expect(parse('constructor=x&toString=y').filters).toEqual({ status: '', plan: '' });
  });

  it('keeps hostile search text as text, without control characters, at most 200 characters', () => {
    expect(parse('q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E').search).toBe('<img src=x onerror=alert(1)>');
    expect(parse('q=a%00b%0Ac%1B').search).toBe('a b c');
    expect(parse(`q=${'x'.repeat(10_000)}`).search).toHaveLength(200);
    expect(parse('q=%F0%9F%8E%AC%20%D9%85%D8%B1%D8%AD%D8%A8%D8%A7').search).toBe('🎬 مرحبا');
    expect(parseSearch('   ')).toBe('');
    expect(parsePage(null)).toBe(1);
  });
});

describe('serialiseListParams', () => {
  it('leaves defaults out and round-trips through parse', () => {
    expect(serialiseListParams(parse('')).toString()).toBe('');
    const state = parse('page=2&sort=joined&dir=asc&q=a%26b%3Dc&status=cancelled');
    const query = serialiseListParams(state).toString();
    expect(query).toBe('q=a%26b%3Dc&status=cancelled&sort=joined&dir=asc&page=2');
    expect(parse(query)).toEqual(state);
  });
});

describe('nextListParams', () => {
  const start = parse('page=4&sort=email&dir=asc');
  it('goes back to page 1 on a new search, filter or sort', () => {
    expect(nextListParams(start, { search: 'x' })).toMatchObject({ page: 1, search: 'x' });
    expect(nextListParams(start, { filter: ['status', 'active'] })).toMatchObject({ page: 1, filters: { status: 'active' } });
    expect(nextListParams(start, { filter: ['status', 'all'] }).filters.status).toBe('');
    expect(nextListParams(start, { page: 5 }).page).toBe(5);
    expect(nextListParams(start, { page: 0 }).page).toBe(1);
  });

  it('flips the direction of the sorted column and starts a new column ascending', () => {
    expect(nextListParams(start, { sortBy: 'email' })).toMatchObject({ sort: 'email', dir: 'desc', page: 1 });
    expect(nextListParams(start, { sortBy: 'joined' })).toMatchObject({ sort: 'joined', dir: 'asc' });
    expect(sortInput(parse(''))).toEqual({});
    expect(sortInput(start)).toEqual({ sort: 'email', dir: 'asc' });
  });
});

describe('withForeignParams', () => {
  it("keeps another control's params (a screen's tab) and replaces the list's own", () => {
    const current = new URLSearchParams('tab=logs&q=old&status=active&page=3');
    const next = serialiseListParams(parse('q=new'));
    expect(withForeignParams(current, next, spec).toString()).toBe('tab=logs&q=new');
  });
});
