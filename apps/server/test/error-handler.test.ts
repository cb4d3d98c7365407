import Fastify from 'fastify';
import { AppError } from '@reelsmith/shared';
import { describe, expect, it } from 'vitest';
import { errorBody, registerErrorHandler } from '../src/plugins/error-handler.ts';

describe('the shared error shape', () => {
  it('hides the message of server errors and keeps client errors readable', () => {
    expect(errorBody(500, 'password=hunter2 leaked')).toEqual({
      error: 'Something went wrong on our side. Please try again.',
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL_SERVER_ERROR',
    });
    expect(errorBody(404, 'Project not found')).toEqual({ error: 'Project not found', message: 'Project not found', code: 'NOT_FOUND' });
    expect(errorBody(401, 'Session expired - please login again')).toMatchObject({ requiresReauth: true });
  });

  it('answers thrown AppErrors with their status and unexpected errors with a bare 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/conflict', () => {
      throw new AppError('CONFLICT', 'Already shared', { shortId: 'abc' });
    });
    app.get('/crash', () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 user=app password=secret');
    });
    const conflict = await app.inject({ method: 'GET', url: '/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: 'Already shared', message: 'Already shared', code: 'CONFLICT', shortId: 'abc' });
    const crash = await app.inject({ method: 'GET', url: '/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.body).not.toContain('secret');
    await app.close();
  });
});
