// How the browser tests launch Debian's Chromium (never a downloaded browser build): shared by
// playwright.config.ts and the specs that add flags (the debates spec's fake microphone).
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;
