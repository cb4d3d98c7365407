// Test helpers for components built on this kit: import from '@reelsmith/ui/testing' in *.test.tsx only.
export { stubBrowserApis } from './browser-stubs.ts';
export { renderWithMantine } from './render.tsx';
