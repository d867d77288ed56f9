import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiPort = process.env.PORT ?? '8080';

export default defineConfig({
  plugins: [react()],
  // amazon-cognito-identity-js reads `global` (STACK.md).
  define: { global: 'globalThis' },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1200 },
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
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
