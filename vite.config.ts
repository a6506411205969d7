import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** Replaced by the server with each response's CSP nonce (src/server/http/static-site.ts). */
const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * sonner adds its stylesheet as a `<style>` element when it is imported, with no nonce, and
 * the CSP refuses it (decision 016). This drops that one call; the same CSS ships in our
 * stylesheet instead (`sonner/dist/styles.css`, imported by the app layout). The build fails
 * if a new sonner no longer matches, rather than shipping a toast the CSP breaks.
 */
function sonnerWithoutInjectedStyle(): Plugin {
  const call = /\n__insertCSS\("(?:[^"\\]|\\.)*"\);?\n/g;
  return {
    name: 'sonner-without-injected-style',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const calls = code.match(call)?.length ?? 0;
      if (calls !== 1) this.error(`expected one __insertCSS("…") call in ${id}, found ${calls}: check how this sonner adds its CSS`);
      return { code: code.replace(call, '\n'), map: null };
    },
  };
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at the
 * highest levels: the server sends the one the browser accepts (serveStatic `precompressed`).
 * A few lines of node:zlib rather than a plugin package (decision 017).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|txt|webmanifest|xml)$/.test(file)) continue; // index.html gets its nonce per answer
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The shared code of the pages in a few chunks rather than dozens of 1 kB ones: over HTTP/1.1
 * a phone fetches six files at a time, and on a 150 ms round trip forty small files cost a
 * second (decision 021). Icons, the UI kit with Radix and sonner, and zod with the schemas
 * each travel as one chunk. None of them may be in the first load: the navbar draws its own
 * icons, and tests/e2e/first-load.spec.ts fails if a group is pulled into it. The few UI
 * pieces the first load or the landing page use stay out of the UI kit's chunk.
 */
const FIRST_LOAD_UI = /[\\/]components[\\/]ui[\\/](skeleton|dropdown-menu|button-styles|link-button|card|class-names|nav-icons)\.tsx?$/;
const UI_LIBRARIES = /[\\/]node_modules[\\/](radix-ui|@radix-ui|sonner|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|detect-node-es|tslib|@floating-ui)[\\/]/;
const importsZod = new Map<string, boolean>();
const isSchemaModule = (id: string): boolean => {
  if (/[\\/]node_modules[\\/]zod[\\/]/.test(id)) return true;
  if (!/[\\/]src[\\/]domain[\\/].*\.ts$/.test(id)) return false;
  if (!importsZod.has(id)) importsZod.set(id, /from 'zod'/.test(readFileSync(id, 'utf8')));
  return importsZod.get(id)!;
};
const CHUNK_GROUPS = [
  { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/ },
  { name: 'ui', test: (id: string) => (UI_LIBRARIES.test(id) && !id.endsWith('.css')) || (/[\\/]src[\\/]web[\\/]components[\\/]ui[\\/]/.test(id) && !FIRST_LOAD_UI.test(id)) },
  { name: 'schemas', test: isSchemaModule },
  // What the pages' no-JavaScript forms share (decision 035): the plain data the schemas use too
  // (left to itself, the bundler put it in the /auth page's chunk, and every page that validates
  // then fetched that page's code) and the pages' hook, in one small chunk.
  { name: 'forms', test: /[\\/]src[\\/](domain[\\/](auth[\\/]auth-form-result|rendering[\\/]page-form|accounts[\\/]email-change-form)\.ts|web[\\/]components[\\/]page-form\.tsx)$/ },
  // The first load itself (decision 056): everything the entry imports, in one file beside the
  // entry rather than a dozen small ones (a shared module went into a chunk of its own: 15 files,
  // each a request on one of the six connections, and gzip's dictionary started afresh in each).
  { name: 'app', tags: ['$initial' as const] },
];

/** Where the build writes, for the server, the modules each route needs (src/server/http/route-preloads.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/** Where it writes the modules each language needs before the first render. */
const LANGUAGE_PRELOADS_FILE = 'language-preloads.json';

/**
 * Writes `route-preloads.json`: for each route of src/web/router.tsx whose page is loaded
 * lazily, the page's chunk and every chunk it imports statically. The server lists them as
 * `<link rel="modulepreload">` in the index.html it sends for that path, so a phone fetches the
 * page's code together with the app's instead of after it (one round trip less before the
 * first paint). The route table is read from router.tsx's own lines (`{ path: '…',
 * ...page(() => import('…'))`); the build fails if it finds none, or a page it cannot place.
 */
function routePreloads(): Plugin {
  const routerFile = path.resolve('src/web/router.tsx');
  return {
    name: 'route-preloads',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const routes = [...readFileSync(routerFile, 'utf8').matchAll(/\{ path: '([^']+)', \.\.\.page\(\(\) => import\('([^']+)'\)/g)].map(([, route, module]) => ({
        route: route!,
        module: path.resolve(path.dirname(routerFile), `${module!}.tsx`),
      }));
      if (routes.length === 0) this.error(`no lazily loaded page found in ${routerFile}: check the pattern in vite.config.ts`);
      const chunks = Object.values(bundle).filter((b) => b.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // What index.html loads already: the entry and everything it imports.
      const initial = new Set<string>();
      const addInitial = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        byFile.get(fileName)?.imports.forEach(addInitial);
      };
      chunks.filter((c) => c.isEntry).forEach((c) => addInitial(c.fileName));
      /** The chunks `fileNames` need beyond the initial ones: themselves and what they import, as served paths. */
      const beyondInitial = (...fileNames: string[]) => {
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = byFile.get(fileName);
          if (!chunk || initial.has(fileName) || files.has(fileName)) return;
          files.add(fileName);
          chunk.imports.forEach(visit);
        };
        fileNames.forEach(visit);
        return [...files].map((f) => `/${f}`);
      };
      const preloads: Record<string, string[]> = {};
      for (const { route, module } of routes) {
        const entry = chunks.find((c) => c.facadeModuleId === module);
        if (!entry) this.error(`no chunk for ${module} (route ${route})`);
        preloads[route] = beyondInitial(entry!.fileName);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 1)}\n` });
      // Each language's catalog and the ICU plugin (issue 15): the app waits for them before its
      // first render, so the server preloads them for the page's language as it does a page's code.
      const lazyChunk = (test: (id: string) => boolean) => chunks.find((c) => c.facadeModuleId && test(c.facadeModuleId.replaceAll('\\', '/')));
      const icu = lazyChunk((id) => id.includes('/node_modules/i18next-icu/'));
      const languages: Record<string, string[]> = {};
      for (const language of ['en', 'es']) {
        const catalog = lazyChunk((id) => id.endsWith(`/src/web/i18n/catalog-${language}.ts`));
        if (!catalog || !icu) this.error(`no chunk for the ${language} catalog or the ICU plugin`);
        languages[language] = beyondInitial(catalog!.fileName, icu!.fileName);
      }
      this.emitFile({ type: 'asset', fileName: LANGUAGE_PRELOADS_FILE, source: `${JSON.stringify(languages, null, 1)}\n` });
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [sonnerWithoutInjectedStyle(), react(), tailwindcss(), routePreloads(), precompress()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  // `vite build` builds both environments in turn: the browser's app into dist/web, then the
  // server's page renderer (src/web/server-render.tsx, decision 022) into dist/ssr.
  builder: {},
  environments: {
    client: {
      // No modulepreload polyfill: every browser we serve knows modulepreload (Safari since 17),
      // and one that does not simply fetches those modules when they are imported.
      build: {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        modulePreload: { polyfill: false },
        rolldownOptions: { output: { codeSplitting: { includeDependenciesRecursively: false, groups: CHUNK_GROUPS } } },
      },
    },
    ssr: {
      build: {
        ssr: path.resolve('src/web/server-render.tsx'),
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        // One file: the server imports it again after a new build (by a new URL), and a chunk
        // imported back from it would be a second copy of the app's modules.
        rolldownOptions: { output: { codeSplitting: false } },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
});
