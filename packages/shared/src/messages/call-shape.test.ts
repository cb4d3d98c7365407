import { describe, expect, it } from 'vitest';
import { callInit, parseAnswerText, readFailedAnswer } from './call-shape.ts';

describe('callInit', () => {
  it('sends cookies and no content type without a body', () => {
    expect(callInit('GET')).toEqual({ method: 'GET', credentials: 'include' });
    expect(callInit('DELETE')).toEqual({ method: 'DELETE', credentials: 'include' });
  });
  it('sets the JSON content type only with a body', () => {
    expect(callInit('POST', { planId: 'p', quantity: 1 })).toEqual({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"planId":"p","quantity":1}',
    });
    expect(callInit('POST', {})).toMatchObject({ headers: { 'Content-Type': 'application/json' }, body: '{}' });
  });
});

describe('parseAnswerText', () => {
  it('parses JSON', () => {
    expect(parseAnswerText('{"id":"x"}')).toEqual({ id: 'x' });
    expect(parseAnswerText('[1,2]')).toEqual([1, 2]);
  });
  it('keeps raw text that is not JSON', () => {
    expect(parseAnswerText('Internal Server Error')).toBe('Internal Server Error');
    expect(parseAnswerText('{broken')).toBe('{broken');
  });
  it('gives null for an empty answer', () => {
    expect(parseAnswerText('')).toBeNull();
    expect(parseAnswerText('  ')).toBeNull();
  });
});

describe('readFailedAnswer', () => {
  it('recognises a re-auth answer', () => {
    expect(readFailedAnswer(401, 'Unauthorized', '{"requiresReauth":true,"reason":"Token expired"}')).toEqual({
      message: 'Token expired',
      requiresReauth: true,
    });
    expect(readFailedAnswer(401, 'Unauthorized', '{"requiresReauth":true}')).toEqual({
      message: 'Session expired - please login again',
      requiresReauth: true,
    });
  });
  it('reads an ordinary 401 as an error', () => {
    expect(readFailedAnswer(401, 'Unauthorized', '{"error":"Unauthorized"}')).toEqual({
      message: 'Unauthorized',
      requiresReauth: false,
    });
  });
  it('falls back to raw text, then status text', () => {
    expect(readFailedAnswer(502, 'Bad Gateway', 'upstream down')).toEqual({ message: 'upstream down', requiresReauth: false });
    expect(readFailedAnswer(500, 'Internal Server Error', '')).toEqual({
      message: 'Internal Server Error',
      requiresReauth: false,
    });
  });
});
