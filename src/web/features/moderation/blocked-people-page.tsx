import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { UserX } from 'lucide-react';
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
  useDocumentTitle('Blocked people');
  const blocked = useBlocked();
  const unblock = useUnblock();
  return (
    <Page
      title="Blocked people"
      subtitle="People you blocked cannot send you private messages, friend requests, or challenge and debate invitations, and their chat messages are folded away. Blocking never changes an election: a blocked member of your caucus stays a member and their vote counts."
    >
      {blocked.isPending ? (
        <LoadingBlocks heights={['h-16', 'h-16']} />
      ) : blocked.isError ? (
        <RetryError title="Could not load the people you blocked" error={blocked.error} onRetry={() => blocked.refetch()} />
      ) : blocked.data.length === 0 ? (
        <EmptyState>You have not blocked anyone.</EmptyState>
      ) : (
        <Card>
          <CardContent className="p-0">
            <ul aria-label="Blocked people" className="divide-y divide-slate-200">
              {blocked.data.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-3 p-4">
                  <Link to={`/profile/${p.id}`} className="flex min-w-0 items-center gap-3 hover:underline">
                    <Avatar name={p.name} photoUrl={p.photoUrl} className="h-10 w-10 text-sm" decorative />
                    <span className="truncate font-medium text-slate-900">{p.name}</span>
                  </Link>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={unblock.isPending && unblock.variables === p.id}
                    onClick={() =>
                      unblock.mutate(p.id, {
                        onSuccess: () => toast.success(`${p.name} is unblocked`),
                        onError: (e) => toast.error('Could not unblock', { description: e.message }),
                      })
                    }
                  >
                    <UserX className="h-4 w-4" aria-hidden="true" /> Unblock
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
