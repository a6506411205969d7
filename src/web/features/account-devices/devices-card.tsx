import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Device, DeviceSession } from '../../../domain/accounts/devices';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { IconCardHeader } from '../../components/ui/icon-card-header';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { useFormat } from '../../i18n/format';
import { useSignOut } from '../session/use-session';
import { useDevices, useSignOutDevice, useSignOutOthers } from './device-queries';

/** "Chrome on Android", "Safari on iPhone", or "Unknown device", in the page's language. */
function useDeviceWords() {
  const { t } = useTranslation('account-devices');
  return ({ browser, system }: Device) => (browser && system ? t('device.on', { browser, system }) : browser || system || t('device.unknown'));
}

/**
 * Where the person is signed in (issue 32): each session's device and browser, when it signed
 * in and was last seen, "This device"; sign one out (this one: a sign-out), or every other.
 */
export function DevicesCard() {
  const { t } = useTranslation('account-devices');
  const devices = useDevices();
  const others = (devices.data ?? []).filter((d) => !d.current).length;
  return (
    <Card>
      <IconCardHeader icon={MonitorSmartphone} title={t('title')} description={t('description')} />
      <CardContent className="space-y-4">
        {devices.isLoading ? (
          <LoadingBlocks heights={['h-16', 'h-16']} />
        ) : devices.error ? (
          <RetryError title={t('loadFailed')} error={devices.error} onRetry={() => devices.refetch()} />
        ) : (
          <>
            <DeviceList devices={devices.data ?? []} />
            {others > 0 ? <SignOutOthersDialog count={others} /> : <p className="text-sm text-slate-600">{t('noOthers')}</p>}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function DeviceList({ devices }: { devices: DeviceSession[] }) {
  const { t } = useTranslation('account-devices');
  const format = useFormat();
  const words = useDeviceWords();
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t('listLabel')}>
      {devices.map((session) => (
        <li key={session.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="device-row">
          <div className="min-w-0 text-sm">
            <p className="font-medium break-words text-slate-900">
              {words(session.device)}
              {session.current ? <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">{t('thisDevice')}</span> : null}
            </p>
            <p className="text-slate-600">
              {t('signedInAt', { date: format.dateTime(session.signedInAt) })} · {t('lastSeen', { date: format.dateTime(session.lastSeenAt) })}
            </p>
          </div>
          <SignOutDeviceDialog session={session} name={words(session.device)} />
        </li>
      ))}
    </ul>
  );
}

function SignOutDeviceDialog({ session, name }: { session: DeviceSession; name: string }) {
  const { t } = useTranslation('account-devices');
  const [open, setOpen] = useState(false);
  const signOutDevice = useSignOutDevice();
  const signOut = useSignOut();
  const [leaving, setLeaving] = useState(false);
  const pending = signOutDevice.isPending || leaving;
  const confirm = () => {
    if (session.current) {
      setLeaving(true);
      void signOut({ title: t('signOut.doneThis') });
      return;
    }
    signOutDevice.mutate(session.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t('signOut.done', { name }));
      },
      onError: (error) => toast.error(t('signOut.failed'), { description: error.message }),
    });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={session.current ? t('signOut.thisNamed', { name }) : t('signOut.named', { name })}>
          {t('signOut.button')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={session.current ? t('signOut.thisTitle') : t('signOut.title', { name })}
        description={session.current ? t('signOut.thisDescription') : t('signOut.description')}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {t('signOut.cancel')}
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={pending} onClick={confirm}>
            {pending ? t('signOut.signingOut') : t('signOut.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function SignOutOthersDialog({ count }: { count: number }) {
  const { t } = useTranslation('account-devices');
  const [open, setOpen] = useState(false);
  const signOutOthers = useSignOutOthers();
  return (
    <Dialog open={open} onOpenChange={(next) => !signOutOthers.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline">{t('others.button')}</Button>
      </DialogTrigger>
      <DialogContent title={t('others.title')} description={t('others.description', { count })}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={signOutOthers.isPending}>
              {t('others.cancel')}
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={signOutOthers.isPending}
            onClick={() =>
              signOutOthers.mutate(undefined, {
                onSuccess: (answer) => {
                  setOpen(false);
                  toast.success(t('others.done', { count: answer.signedOut }));
                },
                onError: (error) => toast.error(t('others.failed'), { description: error.message }),
              })
            }
          >
            {signOutOthers.isPending ? t('others.signingOut') : t('others.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
