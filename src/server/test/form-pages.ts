import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FormResult } from '../../domain/rendering/rendered-page';
import { RENDERER_FILE } from '../http/page-render';
import type { createTestApp } from './test-app';

/**
 * A built web app and a page renderer for the tests of the forms pages take without JavaScript
 * (decision 035). The renderer keeps the contract of decision 022 and draws only the form result
 * it was given, so the tests read exactly what the page would be drawn with (the browser tests
 * draw the real page).
 */
export function formResultPages(): { webDist: string; ssrDist: string; remove: () => void } {
  const webDist = mkdtempSync(path.join(tmpdir(), 'form-pages-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head><title>App</title></head><body><div id="root"></div></body></html>');
  const ssrDist = mkdtempSync(path.join(tmpdir(), 'form-pages-ssr-'));
  writeFileSync(
    path.join(ssrDist, RENDERER_FILE),
    'export const renderPage = async (r) => ({ html: `<pre id="form-result">${JSON.stringify(r.formResult ?? null).replace(/</g, "\\\\u003c")}</pre>`, state: "{}" });',
  );
  return {
    webDist,
    ssrDist,
    remove: () => {
      rmSync(webDist, { recursive: true, force: true });
      rmSync(ssrDist, { recursive: true, force: true });
    },
  };
}

/** The form result a page drawn by formResultPages' renderer was drawn with. */
export function formResultIn(html: string): FormResult | null {
  const match = /<pre id="form-result">([^<]*)<\/pre>/.exec(html);
  if (!match) throw new Error(`no page drawn: ${html.slice(0, 300)}`);
  return JSON.parse(match[1]!) as FormResult | null;
}

export const FORM_ENCODED = 'application/x-www-form-urlencoded';

/** A form posted as a browser without JavaScript posts it (from the app's origin unless told). */
export function postForm(
  app: ReturnType<typeof createTestApp>,
  url: string,
  fields: Record<string, string> | string,
  init: { headers?: Record<string, string>; remoteAddress?: string; cookie?: string } = {},
) {
  const body = typeof fields === 'string' ? fields : new URLSearchParams(fields).toString();
  return app.request(url, { method: 'POST', body, headers: { 'content-type': FORM_ENCODED, ...init.headers }, remoteAddress: init.remoteAddress, cookie: init.cookie });
}
