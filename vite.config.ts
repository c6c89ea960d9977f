import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

/**
 * Mantine's useId module replaced by src/client/lib/stable-id.ts, which says why. Applies to the build (and
 * so to the e2e tests and Lighthouse); the dev server's pre-bundled dependencies keep Mantine's own.
 */
function mantineStableIds(): Plugin {
  const stableId = fileURLToPath(new URL('./src/client/lib/stable-id.ts', import.meta.url));
  return {
    name: 'budrunde:mantine-stable-ids',
    enforce: 'pre',
    load(id) {
      if (/@mantine\/hooks\/esm\/use-id\/use-id\.mjs$/.test(id)) {
        return `export { useId } from ${JSON.stringify(stableId)};`;
      }
      return null;
    },
  };
}

/**
 * Mantine computes its default theme's CSS variables when its module loads, only to leave them out of the
 * provider's <style>. Budrunde's variables are a static file (decision 022) and the provider computes none,
 * so that work (a few ms on a phone, before the first paint) is done on first use instead, which never comes.
 */
function mantineLazyDefaultVariables(): Plugin {
  const eager =
    'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);\nfunction removeDefaultVariables(input) {';
  // On the same two lines, so that the module's source map stays true (map: null below).
  const lazy =
    'let defaultCssVariables;\nfunction removeDefaultVariables(input) { defaultCssVariables ??= defaultCssVariablesResolver(DEFAULT_THEME);';
  return {
    name: 'budrunde:mantine-lazy-default-variables',
    enforce: 'pre',
    transform(code, id) {
      if (!/MantineCssVariables\/remove-default-variables\.mjs$/.test(id)) return null;
      if (!code.includes(eager)) {
        this.warn(
          'remove-default-variables.mjs has changed: its default variables are computed at load again',
        );
        return null;
      }
      return { code: code.replace(eager, lazy), map: null };
    },
  };
}

/**
 * `vite build` builds the browser's client into dist/client. `vite build --ssr` builds the server's copy of it
 * (decision 024): `renderPage` in dist/ssr/server-render.js, with the same plugins, so that both render the
 * same ids. Everything is bundled in (noExternal), and Mantine's CSS imports, which Node cannot load, are
 * left out by Vite.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  plugins: [
    mantineStableIds(),
    mantineLazyDefaultVariables(),
    react(),
    // Every file also as .gz and .br, made once at build time at the highest levels; the server sends the
    // one the browser accepts (@fastify/static's preCompressed) without compressing per request.
    isSsrBuild
      ? null
      : compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024, exclude: [/\.map$/] }),
  ],
  build: isSsrBuild
    ? { outDir: '../../dist/ssr', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: '../../dist/client',
        emptyOutDir: true,
        sourcemap: true,
        // dist/client/.vite/manifest.json: the server reads each page's chunks from it, to name them in the
        // page's HTML so that they load beside the main script instead of after it.
        manifest: true,
      },
  ssr: { noExternal: true },
  // The server's copy is React's production build whatever NODE_ENV the server runs with (`npm start` sets
  // none): the development build renders several times slower and checks things only a developer reads.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/objects': apiTarget },
  },
}));
