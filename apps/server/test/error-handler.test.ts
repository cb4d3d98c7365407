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
      reason: 'internal',
    });
    expect(errorBody(404, 'Project not found')).toEqual({ error: 'Project not found', message: 'Project not found', code: 'NOT_FOUND', reason: 'not_found' });
    // A reason given wins; an unknown one falls back to the status's.
    expect(errorBody(402, 'Upgrade', { reason: 'free_limit' }).reason).toBe('free_limit');
    expect(errorBody(402, 'Upgrade', { reason: 'not_ours' }).reason).toBe('payment_required');
    expect(errorBody(401, 'Session expired - please login again')).toMatchObject({ requiresReauth: true });
  });

  it('answers thrown AppErrors with their status and unexpected errors with a bare 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/conflict', () => {
      throw new AppError('CONFLICT', 'Already shared', { shortId: 'abc' });
    });
    app.get('/refused', () => {
      throw new AppError('PAYMENT_REQUIRED', 'Upgrade to make more videos', { reason: 'free_limit' });
    });
    app.get('/crash', () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 user=app password=secret');
    });
    const conflict = await app.inject({ method: 'GET', url: '/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: 'Already shared', message: 'Already shared', code: 'CONFLICT', reason: 'conflict', shortId: 'abc' });
    expect((await app.inject({ method: 'GET', url: '/refused' })).json()).toEqual({ error: 'Upgrade to make more videos', message: 'Upgrade to make more videos', code: 'PAYMENT_REQUIRED', reason: 'free_limit' });
    const crash = await app.inject({ method: 'GET', url: '/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.body).not.toContain('secret');
    expect(crash.json().reason).toBe('internal');
    await app.close();
  });
});
