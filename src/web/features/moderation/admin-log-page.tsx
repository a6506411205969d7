import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type { AdminLogEntryView } from '../../../domain/moderation/moderation-types';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Card, CardContent } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { useFormat } from '../../i18n/format';
import { useSession } from '../session/use-session';
import { useAdminLog } from './moderation-queries';
import { isSecondFactorRequired, SecondFactorRequired } from '../account-security/second-factor-required';

/** The server's actions (AdminAction), named in the page's language; an unknown one shows the server's label. */
const ACTION_KEYS: Record<string, ParseKeys<'moderation'>> = {
  'moderation.dismiss': 'adminLog.actions.moderationDismiss',
  'moderation.hide': 'adminLog.actions.moderationHide',
  'moderation.restore': 'adminLog.actions.moderationRestore',
  'moderation.delete': 'adminLog.actions.moderationDelete',
  'moderation.warn': 'adminLog.actions.moderationWarn',
  'user.suspend': 'adminLog.actions.userSuspend',
  'user.unsuspend': 'adminLog.actions.userUnsuspend',
  'caucus.required_members': 'adminLog.actions.caucusRequiredMembers',
  'caucus.create_level_5': 'adminLog.actions.caucusCreateLevel5',
  'broadcast.everyone': 'adminLog.actions.broadcastEveryone',
  'debate.delete': 'adminLog.actions.debateDelete',
  'admin.grant': 'adminLog.actions.adminGrant',
  'admin.revoke': 'adminLog.actions.adminRevoke',
};

/** What a line acts on (a user, a caucus, a reported item…); an unknown kind shows as written, underscores as spaces. */
const TARGET_KEYS: Record<string, ParseKeys<'moderation'>> = {
  user: 'adminLog.targets.user',
  caucus: 'adminLog.targets.caucus',
  debate: 'adminLog.targets.debate',
  broadcast: 'adminLog.targets.broadcast',
  profile: 'adminLog.targets.profile',
  private_message: 'adminLog.targets.privateMessage',
  chat_message: 'adminLog.targets.chatMessage',
  challenge_chat_message: 'adminLog.targets.challengeChatMessage',
  debate_response: 'adminLog.targets.debateResponse',
  debate_rebuttal: 'adminLog.targets.debateRebuttal',
  debate_defense: 'adminLog.targets.debateDefense',
};

/** /admin/log (issue 14): every administrator action, newest first — who, when, what, why. Append-only. */
export default function AdminLogPage() {
  const { t } = useTranslation('moderation');
  const format = useFormat();
  useDocumentTitle(t('adminLog.title'));
  const { user } = useSession();
  const log = useAdminLog(!!user?.isAdministrator);
  if (user && !user.isAdministrator) {
    return (
      <Page title={t('adminLog.title')}>
        <ErrorState title={t('adminOnly.title')} message={t('adminOnly.message')} />
      </Page>
    );
  }
  // Administrators need a second factor (issue 32): the server says so, the page shows the way.
  if (isSecondFactorRequired(log.error)) {
    return (
      <Page title={t('adminLog.title')}>
        <SecondFactorRequired />
      </Page>
    );
  }
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  const actionText = (line: AdminLogEntryView) => {
    const key = ACTION_KEYS[line.action];
    return key ? t(key) : line.actionLabel;
  };
  const targetText = (kind: string) => {
    const key = TARGET_KEYS[kind];
    return key ? t(key) : kind.replace(/_/g, ' ');
  };
  return (
    <Page
      title={t('adminLog.title')}
      subtitle={t('adminLog.subtitle')}
      actions={
        <LinkButton to="/admin/moderation" variant="outline">
          <ShieldAlert className="h-4 w-4" aria-hidden="true" /> {t('adminLog.moderationLink')}
        </LinkButton>
      }
    >
      {log.isPending ? (
        <LoadingBlocks heights={['h-12', 'h-12']} />
      ) : log.isError ? (
        <RetryError title={t('adminLog.failed')} error={log.error} onRetry={() => log.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>{t('adminLog.empty')}</EmptyState>
      ) : (
        <Card>
          <CardContent className="p-0">
            <ol aria-label={t('adminLog.listLabel')} className="divide-y divide-slate-200">
              {items.map((l) => (
                <li key={l.id} className="grid gap-1 p-4 text-sm sm:grid-cols-[11rem_1fr]">
                  <time dateTime={l.createdAt} className="text-slate-600">
                    {format.dateTime(l.createdAt)}
                  </time>
                  <div className="min-w-0">
                    <p className="text-slate-900">
                      <span className="font-semibold">{l.actorName}</span> — {actionText(l)}
                      {l.targetKind ? (
                        <span className="text-slate-600">
                          {' '}
                          ({targetText(l.targetKind)} <code className="text-xs break-all">{l.targetId}</code>)
                        </span>
                      ) : null}
                    </p>
                    {l.reason ? <p className="break-words text-slate-700">{t('adminLog.why', { reason: l.reason })}</p> : null}
                  </div>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      )}
      {log.hasNextPage ? (
        <LoadMoreButton onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
          {t('adminLog.loadOlder')}
        </LoadMoreButton>
      ) : null}
    </Page>
  );
}
