import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import type { ParseKeys } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { NotificationKind } from '../../../domain/notifications/notifications';
import { NOTIFICATION_CADENCES, NOTIFICATION_GROUPS, type NotificationCadence, type NotificationSettingView } from '../../../domain/notifications/notification-preferences';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Select } from '../../components/ui/form-controls';
import { LinkButton } from '../../components/ui/link-button';
import { Page } from '../../components/ui/page';
import { PushDeviceToggle } from '../push/push-device-toggle';
import { useNotificationSettings, useSaveNotificationSetting } from './notification-queries';

/** The groups of NOTIFICATION_GROUPS, by their (English) title; an unknown group shows its title as it is. */
const GROUP_KEYS: Record<string, ParseKeys<'notifications'>> = {
  Elections: 'settings.groups.elections',
  'Your caucuses': 'settings.groups.yourCaucuses',
  People: 'settings.groups.people',
  'Debates and challenges': 'settings.groups.debatesAndChallenges',
  'Badges and rewards': 'settings.groups.badgesAndRewards',
  'Your account': 'settings.groups.yourAccount',
};

/**
 * /notification-settings: for each kind of notification, email on or off, push on or off, and
 * for the low-priority kinds at once or in a daily or weekly digest (issue 13). Notifications
 * always appear in the app. Each change is saved at once.
 */
export default function NotificationSettingsPage() {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('settings.title'));
  const settings = useNotificationSettings();
  const save = useSaveNotificationSetting();
  const byKind = new Map((settings.data ?? []).map((s) => [s.kind, s]));
  const groupTitle = (title: string) => {
    const key = GROUP_KEYS[title];
    return key ? t(key) : title;
  };

  const change = (item: NotificationSettingView, next: Partial<Pick<NotificationSettingView, 'email' | 'push' | 'cadence'>>) =>
    save.mutate(
      { kind: item.kind, email: item.email, push: item.push, cadence: item.cadence, ...next },
      {
        onSuccess: () => toast.success(t('settings.saved')),
        onError: (e) => toast.error(t('settings.saveFailed'), { description: e.message }),
      },
    );

  return (
    <Page
      title={t('settings.title')}
      subtitle={t('settings.subtitle')}
      actions={
        <LinkButton to="/notifications" variant="outline">
          {t('settings.back')}
        </LinkButton>
      }
    >
      {settings.isPending ? (
        <LoadingBlocks heights={['h-40', 'h-40']} />
      ) : settings.isError ? (
        <RetryError title={t('settings.failed')} error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <div className="space-y-6">
          <PushDeviceToggle />
          <p className="text-sm text-slate-600">{t('settings.electionsNote')}</p>
          {NOTIFICATION_GROUPS.map((group) => (
            <Card key={group.title}>
              <CardHeader>
                <CardTitle>{groupTitle(group.title)}</CardTitle>
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

function KindSetting({ kind, item, onChange }: { kind: NotificationKind; item: NotificationSettingView; onChange: (next: Partial<Pick<NotificationSettingView, 'email' | 'push' | 'cadence'>>) => void }) {
  const { t } = useTranslation('notifications');
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
      <legend className="sr-only">{t(`settings.kinds.${kind}`)}</legend>
      <p className="text-sm font-medium text-slate-900 sm:flex-1" aria-hidden="true">
        {t(`settings.kinds.${kind}`)}
      </p>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-5 w-5 accent-navy-700" checked={item.email} onChange={(e) => onChange({ email: e.target.checked })} />
          {t('settings.email')}
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-5 w-5 accent-navy-700" checked={item.push} onChange={(e) => onChange({ push: e.target.checked })} />
          {t('settings.push')}
        </label>
        {item.digestible ? (
          <div className="flex items-center gap-2">
            <label htmlFor={`${id}-cadence`} className="text-sm text-slate-800">
              {t('settings.when')}
            </label>
            <Select
              id={`${id}-cadence`}
              className="w-auto"
              value={item.cadence}
              disabled={!item.email}
              onChange={(e) => onChange({ cadence: e.target.value as NotificationCadence })}
            >
              {NOTIFICATION_CADENCES.map((c) => (
                <option key={c} value={c}>
                  {t(`settings.cadences.${c}`)}
                </option>
              ))}
            </Select>
          </div>
        ) : (
          <span className="text-sm text-slate-500">{t('settings.cadences.immediate')}</span>
        )}
      </div>
    </fieldset>
  );
}
