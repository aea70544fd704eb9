import { defineConfig } from 'vite';

/**
 * The dashboard is served by `txc serve` under /ui/ from dist/: everything it needs is bundled, nothing
 * is fetched at run time. The SDK comes from its build (packages/sdk/dist), made before this one.
 */
export default defineConfig({
  base: '/ui/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // one chunk per concern keeps rebuilds cacheable; the charts library is the largest part
    chunkSizeWarningLimit: 800,
  },
});
