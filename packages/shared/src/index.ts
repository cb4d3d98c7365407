export * from './errors.ts';
export * from './constants.ts';
export * from './auth.ts';
export * from './settings.ts';
export * from './admin-auth.ts';
export * from './billing.ts';
export * from './projects.ts';
