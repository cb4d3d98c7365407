export * from './call-shape.ts';
export * from './error-body.ts';
export * from './user-message.ts';
export * from './step-errors.ts';
export * from './error-classifier.ts';
export * from './issues-message.ts';
