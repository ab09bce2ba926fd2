import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The ARIA snapshots go where axdiff's default globs find them.
export default defineConfig({
  testMatch: 'accessibility.spec.ts',
  use: { baseURL: process.env.BASE_URL ?? 'http://localhost:3000' },
  expect: {
    toMatchAriaSnapshot: { pathTemplate: path.join(__dirname, 'Snapshots/web/{arg}{ext}') },
  },
});
