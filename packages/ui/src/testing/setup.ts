// The setup file of component tests (jsdom): browser stand-ins for Mantine, and a clean DOM after each
// test (Testing Library cleans up by itself only when test globals are on).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { stubBrowserApis } from './browser-stubs.ts';

stubBrowserApis();
afterEach(cleanup);
