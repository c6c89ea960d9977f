import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

export default defineConfig({
  root: 'src/client',
  plugins: [
    react(),
    // Every file also as .gz and .br, made once at build time at the highest levels; the server sends the
    // one the browser accepts (@fastify/static's preCompressed) without compressing per request.
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024, exclude: [/\.map$/] }),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // dist/client/.vite/manifest.json: the server reads each page's chunks from it, to name them in the page's
    // HTML (modulepreload) so that they load beside the main script instead of after it.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/objects': apiTarget },
  },
});
