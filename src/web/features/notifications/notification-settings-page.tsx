import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { useId } from 'react';
import { toast } from 'sonner';
import type { NotificationKind } from '../../../domain/notifications/notifications';
import { NOTIFICATION_GROUPS, NOTIFICATION_KIND_LABELS, type NotificationCadence } from '../../../domain/notifications/notification-preferences';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Select } from '../../components/ui/form-controls';
import { LinkButton } from '../../components/ui/link-button';
import { Page } from '../../components/ui/page';
import { PushDeviceToggle } from '../push/push-device-toggle';
import { useNotificationSettings, useSaveNotificationSetting, type NotificationSettingItem } from './notification-queries';

const CADENCE_LABELS: Record<NotificationCadence, string> = { immediate: 'At once', daily: 'Daily digest', weekly: 'Weekly digest' };

/**
 * /notification-settings: for each kind of notification, email on or off, push on or off, and
 * for the low-priority kinds at once or in a daily or weekly digest (issue 13). Notifications
 * always appear in the app. Each change is saved at once.
 */
export default function NotificationSettingsPage() {
  useDocumentTitle('Notification settings');
  const settings = useNotificationSettings();
  const save = useSaveNotificationSetting();
  const byKind = new Map((settings.data ?? []).map((s) => [s.kind, s]));

  const change = (item: NotificationSettingItem, next: Partial<Pick<NotificationSettingItem, 'email' | 'push' | 'cadence'>>) =>
    save.mutate(
      { kind: item.kind, email: item.email, push: item.push, cadence: item.cadence, ...next },
      {
        onSuccess: () => toast.success('Notification settings saved'),
        onError: (e) => toast.error('Could not save your notification settings', { description: e.message }),
      },
    );

  return (
    <Page
      title="Notification settings"
      subtitle="You always see your notifications in the app. Choose which ones also reach you by email or as a push notification, and when."
      actions={
        <LinkButton to="/notifications" variant="outline">
          Back to notifications
        </LinkButton>
      }
    >
      {settings.isPending ? (
        <LoadingBlocks heights={['h-40', 'h-40']} />
      ) : settings.isError ? (
        <RetryError title="Could not load your notification settings" error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <div className="space-y-6">
          <PushDeviceToggle />
          <p className="text-sm text-slate-600">
            Election notifications always go out at once: a caucus elects its Delegate only when every member comes back. Push notifications reach the devices where you turned them on.
          </p>
          {NOTIFICATION_GROUPS.map((group) => (
            <Card key={group.title}>
              <CardHeader>
                <CardTitle>{group.title}</CardTitle>
              </CardHeader>
              <CardContent className="divide-y divide-slate-200 p-0">
                {group.kinds.map((kind) => {
                  const item = byKind.get(kind);
                  return item ? <KindSetting key={kind} kind={kind} item={item} onChange={(next) => change(item, next)} /> : null;
                })}
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </Page>
  );
}

function KindSetting({ kind, item, onChange }: { kind: NotificationKind; item: NotificationSettingItem; onChange: (next: Partial<Pick<NotificationSettingItem, 'email' | 'push' | 'cadence'>>) => void }) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
      <legend className="sr-only">{NOTIFICATION_KIND_LABELS[kind]}</legend>
      <p className="text-sm font-medium text-slate-900 sm:flex-1" aria-hidden="true">
        {NOTIFICATION_KIND_LABELS[kind]}
      </p>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-5 w-5 accent-navy-700" checked={item.email} onChange={(e) => onChange({ email: e.target.checked })} />
          Email
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-5 w-5 accent-navy-700" checked={item.push} onChange={(e) => onChange({ push: e.target.checked })} />
          Push
        </label>
        {item.digestible ? (
          <div className="flex items-center gap-2">
            <label htmlFor={`${id}-cadence`} className="text-sm text-slate-800">
              When
            </label>
            <Select
              id={`${id}-cadence`}
              className="w-auto"
              value={item.cadence}
              disabled={!item.email}
              onChange={(e) => onChange({ cadence: e.target.value as NotificationCadence })}
            >
              {(['immediate', 'daily', 'weekly'] as const).map((c) => (
                <option key={c} value={c}>
                  {CADENCE_LABELS[c]}
                </option>
              ))}
            </Select>
          </div>
        ) : (
          <span className="text-sm text-slate-500">At once</span>
        )}
      </div>
    </fieldset>
  );
}
