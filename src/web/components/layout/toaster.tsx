import { Toaster as SonnerToaster } from 'sonner';

/**
 * Where toasts appear: bottom right (bottom on a phone), so a toast never covers the navbar and
 * its menus. Loaded after the first page (app-layout.tsx): sonner is not needed to draw it, and
 * a toast raised before this mounts is shown when it does (sonner replays the active ones).
 */
export default function Toaster() {
  return <SonnerToaster closeButton position="bottom-right" />;
}
