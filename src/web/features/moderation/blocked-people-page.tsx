import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState, Page } from '../../components/ui/page';
import { useBlocked, useUnblock } from './moderation-queries';

/** /blocked-people (issue 14): the people you blocked, each with Unblock. */
export default function BlockedPeoplePage() {
  const { t } = useTranslation('moderation');
  useDocumentTitle(t('blockedPeople.title'));
  const blocked = useBlocked();
  const unblock = useUnblock();
  return (
    <Page
      title={t('blockedPeople.title')}
      subtitle={t('blockedPeople.subtitle')}
    >
      {blocked.isPending ? (
        <LoadingBlocks heights={['h-16', 'h-16']} />
      ) : blocked.isError ? (
        <RetryError title={t('blockedPeople.failed')} error={blocked.error} onRetry={() => blocked.refetch()} />
      ) : blocked.data.length === 0 ? (
        <EmptyState>{t('blockedPeople.empty')}</EmptyState>
      ) : (
        <Card>
          <CardContent className="p-0">
            <ul aria-label={t('blockedPeople.listLabel')} className="divide-y divide-slate-200">
              {blocked.data.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-3 p-4">
                  <Link to={`/profile/${p.id}`} className="flex min-w-0 items-center gap-3 hover:underline">
                    <Avatar name={p.name} photoUrl={p.photoUrl} className="h-10 w-10 text-sm" decorative />
                    <span className="truncate font-medium text-slate-900">{p.name}</span>
                  </Link>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('block.unblockName', { name: p.name })}
                    disabled={unblock.isPending && unblock.variables === p.id}
                    onClick={() =>
                      unblock.mutate(p.id, {
                        onSuccess: () => toast.success(t('block.unblocked', { name: p.name })),
                        onError: (e) => toast.error(t('block.unblockFailed'), { description: e.message }),
                      })
                    }
                  >
                    <UserX className="h-4 w-4" aria-hidden="true" /> {t('block.unblock')}
                  </Button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </Page>
  );
}
