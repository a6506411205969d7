/**
 * What the console says when a page drawn by the server (decision 022) and the app's first
 * render in the browser differ: main.tsx reports React's recoverable errors with it, and every
 * browser test fails on it (tests/e2e/support/fixtures.ts).
 */
export const HYDRATION_MISMATCH = 'The page drawn by the server did not match the app';
