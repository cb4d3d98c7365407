import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiFetch } from '@reelsmith/ui/api';
import { hasLoginFields, loginAdmin, loginFailureMessage, parseLoginAnswer } from './admin-login.ts';

const admin = { id: 'a1', email: 'root@example.com', firstName: 'Root', lastName: 'User', role: 'superadmin', isActive: true };

describe('hasLoginFields', () => {
  it('needs both an e-mail and a password', () => {
    expect(hasLoginFields({ email: 'root@example.com', password: 'secret' })).toBe(true);
    expect(hasLoginFields({ email: '   ', password: 'secret' })).toBe(false);
    expect(hasLoginFields({ email: 'root@example.com', password: '' })).toBe(false);
  });
});

describe('loginAdmin', () => {
  it('posts the trimmed e-mail and the password without a bearer token', async () => {
    const fetcher = vi.fn(() => Promise.resolve({ token: 'tok', admin })) as unknown as ApiFetch & ReturnType<typeof vi.fn>;
    await expect(loginAdmin({ email: ' root@example.com ', password: ' pw ' }, fetcher)).resolves.toEqual({ token: 'tok', admin });
    expect(fetcher).toHaveBeenCalledWith('/api/admin/login', {
      method: 'POST',
      body: { email: 'root@example.com', password: ' pw ' },
      auth: 'none',
    });
  });
});

describe('parseLoginAnswer', () => {
  it('rejects an answer without a token or admin record', () => {
    expect(() => parseLoginAnswer({ admin })).toThrow();
    expect(() => parseLoginAnswer({ token: 'tok' })).toThrow();
    expect(() => parseLoginAnswer(null)).toThrow();
  });
});

describe('loginFailureMessage', () => {
  it('shows the server message, else a network hint', () => {
    expect(loginFailureMessage(new ApiError(401, 'Invalid email or password', null))).toBe('Invalid email or password');
    expect(loginFailureMessage(new ApiError(423, 'Account locked', null))).toBe('Account locked');
    expect(loginFailureMessage(new TypeError('Failed to fetch'))).toMatch(/could not reach the server/i);
  });
});
