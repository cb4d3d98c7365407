// Query keys are REST paths (spec §7): the default read GETs the key's segments joined with '/'.
export const queryKeys = {
  currentUser: ['/api/auth/user'],
  platformStatus: ['/api/platform/status'],
} as const;
