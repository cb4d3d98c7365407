export { browserApp as default } from '@reelsmith/eslint-config';
