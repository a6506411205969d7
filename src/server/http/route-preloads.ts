import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The web build writes `route-preloads.json` (vite.config.ts, `routePreloads`): for each route
 * pattern of the SPA whose page is loaded lazily, the chunks that page needs beyond the app's
 * own. index.html lists them as `<link rel="modulepreload">` for the path asked, so the
 * browser fetches the page's code while it fetches the app's, not after it (decision 021).
 */
export type RoutePreloads = Record<string, string[]>;

/** The route pattern (`/caucus/:id`, `*`) that `pathname` takes in the SPA, or null. */
export function matchRoute(patterns: readonly string[], pathname: string): string | null {
  const parts = pathname.split('/').filter(Boolean);
  for (const pattern of patterns) {
    if (pattern === '*') continue;
    const wanted = pattern.split('/').filter(Boolean);
    if (wanted.length !== parts.length) continue;
    if (wanted.every((segment, i) => (segment.startsWith(':') ? parts[i]!.length > 0 : segment === parts[i]))) return pattern;
  }
  return patterns.includes('*') ? '*' : null;
}

/** The `<link rel="modulepreload">` tags for `pathname`: none when the build wrote no list. */
export function routePreloadLinks(preloads: RoutePreloads, pathname: string, nonce: string): string {
  const route = matchRoute(Object.keys(preloads), pathname);
  return preloadLinks(route ? (preloads[route] ?? []) : [], nonce);
}

/**
 * The build's `language-preloads.json` (vite.config.ts): per language, the chunks of its catalog
 * and of the ICU plugin, which the app needs before its first render (issue 15).
 */
export function readLanguagePreloads(distDir: string): RoutePreloads {
  return readRoutePreloads(distDir, 'language-preloads.json');
}

/** The `<link rel="modulepreload">` tags for the words of `language`. */
export function languagePreloadLinks(preloads: RoutePreloads, language: string, nonce: string): string {
  return preloadLinks(preloads[language] ?? [], nonce);
}

function preloadLinks(files: readonly string[], nonce: string): string {
  // Only our own hashed asset paths: anything else in the file is ignored.
  return files
    .filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}" nonce="${nonce}">`)
    .join('');
}

/** Reads the build's list once; an app built before this existed preloads nothing. */
export function readRoutePreloads(distDir: string, fileName = 'route-preloads.json'): RoutePreloads {
  const file = path.join(distDir, fileName);
  if (!existsSync(file)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as RoutePreloads) : {};
  } catch {
    return {};
  }
}
