/**
 * The server gives each index.html its own CSP nonce (decision 016) in
 * `<meta property="csp-nonce" nonce="…">`; the browser hides the attribute but keeps the
 * element's `nonce` property. Radix's scroll lock adds a `<style>` element while a dialog or
 * menu is open: its style-singleton takes the nonce from get-nonce, which reads
 * `__webpack_nonce__` (the documented fallback, so we need no import of that inner package).
 */
export function shareCspNonce(): void {
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
