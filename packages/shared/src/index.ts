export * from './errors.ts';
export * from './constants.ts';
export * from './auth.ts';
