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

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [sonnerWithoutInjectedStyle(), react(), tailwindcss(), precompress()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
});
