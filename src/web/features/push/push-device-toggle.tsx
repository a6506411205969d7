import { BellOff, BellRing, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { applicationServerKey, deviceLabel } from '../../../domain/notifications/device-label';
import { api } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

type PushState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

/** The service worker's registration, or null if it does not come in time (Vite's dev server has none). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const ready = navigator.serviceWorker.ready;
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000));
  return Promise.race([ready, late]);
}

function supported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * "Notifications on this device" (issue 13): Web Push, opt-in per device. The browser asks for
 * permission only when the person turns it on; the subscription goes to the server, which
 * pushes the notifications their settings allow.
 */
export function PushDeviceToggle() {
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('blocked');
    let cancelled = false;
    void registration()
      .then((reg) => reg?.pushManager.getSubscription() ?? null)
      .then((sub) => !cancelled && setState(sub ? 'on' : 'off'))
      .catch(() => !cancelled && setState('off'));
    return () => {
      cancelled = true;
    };
  }, []);

  const turnOn = async () => {
    setBusy(true);
    try {
      const { publicKey } = await api<{ publicKey: string | null }>('/api/push/public-key');
      if (!publicKey) throw new Error('Push notifications are not available on this server.');
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const reg = await registration();
      if (!reg) throw new Error('This page cannot receive notifications yet. Reload it and try again.');
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
      const json = sub.toJSON();
      await api('/api/push/subscriptions', { method: 'POST', json: { endpoint: json.endpoint, keys: json.keys, label: deviceLabel(navigator.userAgent) } });
      setState('on');
      toast.success('Notifications are on for this device');
    } catch (e) {
      toast.error('Could not turn on notifications', { description: e instanceof Error ? e.message : 'Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      const sub = await (await registration())?.pushManager.getSubscription();
      if (sub) {
        await api('/api/push/subscriptions', { method: 'DELETE', json: { endpoint: sub.endpoint } }).catch(() => undefined);
        await sub.unsubscribe();
      }
      setState('off');
      toast.success('Notifications are off for this device');
    } catch (e) {
      toast.error('Could not turn off notifications', { description: e instanceof Error ? e.message : 'Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>This device</CardTitle>
        <CardDescription>Push notifications reach this phone or computer even when the app is closed.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {state === 'checking' ? (
          <p role="status" className="text-sm text-slate-600">
            Checking this browser…
          </p>
        ) : state === 'unsupported' ? (
          <p className="text-sm text-slate-700">This browser cannot receive push notifications. You still get them in the app and by email.</p>
        ) : state === 'blocked' ? (
          <p className="text-sm text-slate-700">Notifications are blocked for this site in your browser’s settings. Allow them there, then come back to turn them on.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700" aria-live="polite">
              {state === 'on' ? 'Notifications are on for this device.' : 'Notifications are off for this device.'}
            </p>
            <Button variant={state === 'on' ? 'outline' : 'primary'} disabled={busy} onClick={() => void (state === 'on' ? turnOff() : turnOn())}>
              {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : state === 'on' ? <BellOff className="h-4 w-4" aria-hidden="true" /> : <BellRing className="h-4 w-4" aria-hidden="true" />}
              {state === 'on' ? 'Turn off notifications on this device' : 'Turn on notifications on this device'}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
