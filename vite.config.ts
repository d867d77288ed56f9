// Loaded with `--configLoader runner` (package.json, scripts/dev.mjs): Vite's module runner reads
// the TypeScript it imports (the forms' schemas) as is, where the default bundler would warn
// about every extensionless import on each start.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { formValidators } from './src/lib/forms/form-validators-plugin';
import { i18nCatalogues } from './src/lib/i18n/catalogue-plugin';

const apiPort = process.env.PORT ?? '8080';

export default defineConfig({
  // formValidators: the forms' JSON Schemas compiled ahead of time (the CSP forbids eval).
  // i18nCatalogues: each language's catalogue in parts, loaded as needed (catalogue-parts.ts).
  plugins: [react(), formValidators(), i18nCatalogues()],
  // amazon-cognito-identity-js reads `global` (STACK.md).
  define: { global: 'globalThis' },
  // The manifest lets bench/web-bundle.ts follow which chunks each route loads.
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    manifest: true,
    // Chakra's theme module builds its default config (every recipe) with `defineConfig`, an
    // identity function the bundler cannot prove pure: told so, the sign-in page's light system
    // (src/app/public-theme.ts) leaves the recipes it does not use out of the entry.
    rolldownOptions: { treeshake: { manualPureFunctions: ['defineConfig'] } },
  },
  server: {
    // `npm run dev`: everything that is not the SPA goes to the API process.
    proxy: Object.fromEntries(
      ['/api', '/config.json', '/idp', '/gateway', '/health'].map((prefix) => [
        prefix,
        `http://127.0.0.1:${apiPort}`,
      ]),
    ),
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    setupFiles: ['tests/support/testing-library-setup.ts', 'tests/support/i18n-setup.ts'],
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default in a run is one worker fewer than the cores (one on the two-core CI
    // machine, where the files then ran one after another); the files wait on PGlite and timers
    // enough that a worker per core finishes in ten minutes what one did in sixteen.
    maxWorkers: '100%',
  },
});
