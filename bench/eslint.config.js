export { default } from '@reelsmith/eslint-config';
