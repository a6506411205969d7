import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { ShieldAlert } from 'lucide-react';
import { MODERATION_MESSAGES } from '../../../domain/moderation/moderation-rules';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Card, CardContent } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { useSession } from '../session/use-session';
import { useAdminLog } from './moderation-queries';

/** /admin/log (issue 14): every administrator action, newest first — who, when, what, why. Append-only. */
export default function AdminLogPage() {
  useDocumentTitle('Admin log');
  const { user } = useSession();
  const log = useAdminLog(!!user?.isAdministrator);
  if (user && !user.isAdministrator) {
    return (
      <Page title="Admin log">
        <ErrorState title="Administrators only" message={MODERATION_MESSAGES.notAdministrator} />
      </Page>
    );
  }
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Page
      title="Admin log"
      subtitle="Every administrator action, newest first. Nobody can change or delete a line, not even the app."
      actions={
        <LinkButton to="/admin/moderation" variant="outline">
          <ShieldAlert className="h-4 w-4" aria-hidden="true" /> Moderation
        </LinkButton>
      }
    >
      {log.isPending ? (
        <LoadingBlocks heights={['h-12', 'h-12']} />
      ) : log.isError ? (
        <RetryError title="Could not load the admin log" error={log.error} onRetry={() => log.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>No administrator action yet.</EmptyState>
      ) : (
        <Card>
          <CardContent className="p-0">
            <ol aria-label="Admin log" className="divide-y divide-slate-200">
              {items.map((l) => (
                <li key={l.id} className="grid gap-1 p-4 text-sm sm:grid-cols-[11rem_1fr]">
                  <time dateTime={l.createdAt} className="text-slate-600">
                    {new Date(l.createdAt).toLocaleString()}
                  </time>
                  <div className="min-w-0">
                    <p className="text-slate-900">
                      <span className="font-semibold">{l.actorName}</span> — {l.actionLabel}
                      {l.targetKind ? (
                        <span className="text-slate-600">
                          {' '}
                          ({l.targetKind.replace(/_/g, ' ')} <code className="text-xs break-all">{l.targetId}</code>)
                        </span>
                      ) : null}
                    </p>
                    {l.reason ? <p className="break-words text-slate-700">Why: {l.reason}</p> : null}
                  </div>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      )}
      {log.hasNextPage ? <LoadMoreButton onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>Load older lines</LoadMoreButton> : null}
    </Page>
  );
}
