import { z } from 'zod';

export const DEVICE_TYPES = ['desktop', 'tablet', 'mobile'] as const;
export const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Edge', 'Unknown'] as const;
export const OPERATING_SYSTEMS = ['Windows', 'macOS', 'Android', 'iOS', 'Linux', 'Unknown'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export type BrowserName = (typeof BROWSERS)[number];
export type OperatingSystem = (typeof OPERATING_SYSTEMS)[number];

/** Recent (ended) sessions the Sessions screen shows at most (admin spec §9). */
export const RECENT_SESSIONS_LIMIT = 10;

/** A customer session (admin spec §3, Session) with what its user agent says. */
export const adminSessionSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), avatarUrl: z.string().nullable() }),
  userAgent: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  loginAt: z.date(),
  lastActivityAt: z.date(),
  expiresAt: z.date(),
  /** When it ended (logout, suspension, expiry); null while active. */
  endedAt: z.date().nullable(),
  isActive: z.boolean(),
  deviceType: z.enum(DEVICE_TYPES),
  browser: z.enum(BROWSERS),
  os: z.enum(OPERATING_SYSTEMS),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** GET /api/admin/sessions: active sessions first, then at most 10 ended in the last 24 hours. */
export const adminSessionsSchema = z.array(adminSessionSchema);
