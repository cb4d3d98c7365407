import { describe, expect, it } from 'vitest';
import { listOrPagedSchema, optionalPageQuerySchema, pageInfo, pageLimitSchema, pageNumberSchema, pageOffset, pagedSchema } from './paging.ts';
import { z } from 'zod';

describe('paging', () => {
  it('reads page and limit from query text, with the list default and the cap', () => {
    expect(pageNumberSchema.parse(undefined)).toBe(1);
    expect(pageNumberSchema.parse('3')).toBe(3);
    expect(pageNumberSchema.safeParse('0').success).toBe(false);
    expect(pageLimitSchema(20).parse(undefined)).toBe(20);
    expect(pageLimitSchema(20).parse('7')).toBe(7);
    expect(pageLimitSchema(20).safeParse('101').success).toBe(false);
    expect(pageLimitSchema(20).safeParse('2.5').success).toBe(false);
  });

  it('answers the same six fields for first, middle, last, empty and past-the-end pages', () => {
    expect(pageInfo(1, 10, 25)).toEqual({ total: 25, page: 1, limit: 10, totalPages: 3, hasNextPage: true, hasPrevPage: false });
    expect(pageInfo(2, 10, 25)).toMatchObject({ hasNextPage: true, hasPrevPage: true });
    expect(pageInfo(3, 10, 25)).toMatchObject({ hasNextPage: false, hasPrevPage: true });
    expect(pageInfo(1, 10, 0)).toEqual({ total: 0, page: 1, limit: 10, totalPages: 0, hasNextPage: false, hasPrevPage: false });
    expect(pageInfo(5, 10, 25)).toMatchObject({ totalPages: 3, hasNextPage: false, hasPrevPage: true });
    expect(pageInfo(2, 10, 20)).toMatchObject({ totalPages: 2, hasNextPage: false });
    expect(pageOffset(3, 20)).toBe(40);
  });

  it('describes the envelope: rows under data beside the paging fields', () => {
    const schema = pagedSchema(z.object({ id: z.string() }));
    expect(schema.parse({ data: [{ id: 'a' }], ...pageInfo(1, 10, 1) }).data).toEqual([{ id: 'a' }]);
    expect(schema.safeParse({ data: [], total: 0 }).success).toBe(false);
  });

  it('tells a customer list asked for no page from one asked for a page (no defaults filled in)', () => {
    expect(optionalPageQuerySchema.parse({})).toEqual({});
    expect(optionalPageQuerySchema.parse({ limit: '5' })).toEqual({ limit: 5 });
    expect(optionalPageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(optionalPageQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    const schema = listOrPagedSchema(z.object({ id: z.string() }));
    expect(schema.parse([{ id: 'a' }])).toEqual([{ id: 'a' }]);
    expect(schema.safeParse({ data: [{ id: 'a' }], ...pageInfo(1, 10, 1) }).success).toBe(true);
  });
});
