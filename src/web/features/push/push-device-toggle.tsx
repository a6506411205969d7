import { BellOff, BellRing, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { applicationServerKey, deviceLabel } from '../../../domain/notifications/device-label';
import type { PushPublicKey } from '../../../domain/push/push-devices';
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
  const { t } = useTranslation('push');
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
      const { publicKey } = await api<PushPublicKey>('/api/push/public-key');
      if (!publicKey) throw new Error(t('errors.noServerKey'));
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const reg = await registration();
      if (!reg) throw new Error(t('errors.noServiceWorker'));
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
      const json = sub.toJSON();
      await api('/api/push/subscriptions', { method: 'POST', json: { endpoint: json.endpoint, keys: json.keys, label: deviceLabel(navigator.userAgent) } });
      setState('on');
      toast.success(t('toasts.on'));
    } catch (e) {
      toast.error(t('toasts.turnOnFailed'), { description: e instanceof Error ? e.message : t('toasts.tryAgain') });
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
      toast.success(t('toasts.off'));
    } catch (e) {
      toast.error(t('toasts.turnOffFailed'), { description: e instanceof Error ? e.message : t('toasts.tryAgain') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('device.title')}</CardTitle>
        <CardDescription>{t('device.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {state === 'checking' ? (
          <p role="status" className="text-sm text-slate-600">
            {t('device.checking')}
          </p>
        ) : state === 'unsupported' ? (
          <p className="text-sm text-slate-700">{t('device.unsupported')}</p>
        ) : state === 'blocked' ? (
          <p className="text-sm text-slate-700">{t('device.blocked')}</p>
        ) : (
          <>
            <p className="text-sm text-slate-700" aria-live="polite">
              {state === 'on' ? t('device.stateOn') : t('device.stateOff')}
            </p>
            <Button variant={state === 'on' ? 'outline' : 'primary'} disabled={busy} onClick={() => void (state === 'on' ? turnOff() : turnOn())}>
              {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : state === 'on' ? <BellOff className="h-4 w-4" aria-hidden="true" /> : <BellRing className="h-4 w-4" aria-hidden="true" />}
              {state === 'on' ? t('device.turnOff') : t('device.turnOn')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
