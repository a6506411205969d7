import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { ExternalLink, Loader2, ScrollText } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  MODERATION_ACTIONS,
  MODERATION_MESSAGES,
  MODERATION_REASON_MAX,
  REPORT_REASON_LABELS,
  SUSPENSION_MAX_DAYS,
  type ModerationAction,
  type ReportReason,
} from '../../../domain/moderation/moderation-rules';
import type { ModerationQueueItem } from '../../../domain/moderation/moderation-types';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Label, Select, Textarea } from '../../components/ui/form-controls';
import { LinkButton } from '../../components/ui/link-button';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { useSession } from '../session/use-session';
import { useModerate, useModerationQueue } from './moderation-queries';

const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss the reports',
  hide: 'Hide pending review',
  restore: 'Restore (make visible)',
  delete: 'Delete the content',
  warn: 'Warn the author',
  suspend: 'Suspend the author',
};
const STATE_LABELS: Record<string, string> = { open: 'Visible', hidden: 'Hidden', dismissed: 'Dismissed', restored: 'Restored', deleted: 'Deleted' };

/** /admin/moderation (issue 14): reports grouped by item, each with the item in context and the decisions. */
export default function AdminModerationPage() {
  useDocumentTitle('Moderation');
  const { user } = useSession();
  const queue = useModerationQueue(!!user?.isAdministrator);
  if (user && !user.isAdministrator) {
    return (
      <Page title="Moderation">
        <ErrorState title="Administrators only" message={MODERATION_MESSAGES.notAdministrator} />
      </Page>
    );
  }
  return (
    <Page
      title="Moderation"
      subtitle="Reported content, most recently reported first. Every decision goes into the admin log with its reason, and the author is told."
      actions={
        <LinkButton to="/admin/log" variant="outline">
          <ScrollText className="h-4 w-4" aria-hidden="true" /> Admin log
        </LinkButton>
      }
    >
      {queue.isPending ? (
        <LoadingBlocks heights={['h-40', 'h-40']} />
      ) : queue.isError ? (
        <RetryError title="Could not load the reports" error={queue.error} onRetry={() => queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <EmptyState>No reports are waiting. Thank you for keeping the movement safe.</EmptyState>
      ) : (
        <ul className="space-y-4" aria-label="Reported items">
          {queue.data.map((item) => (
            <li key={`${item.itemKind}:${item.itemId}`}>
              <QueueItem item={item} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

function QueueItem({ item }: { item: ModerationQueueItem }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <CardTitle id={titleId} className="capitalize">
            {item.itemLabel}
            {item.author ? <span className="font-normal normal-case text-slate-600"> by {item.author.name}</span> : null}
          </CardTitle>
          <span className={item.state === 'hidden' ? 'rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900' : 'rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700'}>
            {STATE_LABELS[item.state] ?? item.state}
            {item.state === 'hidden' && item.hiddenByReports ? ' by reports' : ''}
          </span>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <figure className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <figcaption className="mb-1 flex items-center justify-between gap-2 text-xs text-slate-600">
            <span>{item.context.where}</span>
            {item.context.link ? (
              <Link to={item.context.link} className="inline-flex items-center gap-1 text-navy-700 hover:underline">
                Open <ExternalLink className="h-3 w-3" aria-hidden="true" />
              </Link>
            ) : null}
          </figcaption>
          <blockquote className="text-sm break-words whitespace-pre-wrap text-slate-900">{item.context.text || '(empty)'}</blockquote>
        </figure>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">
            {item.openReports} {item.openReports === 1 ? 'report' : 'reports'} ({item.countedReports} from verified members)
          </h3>
          <ul className="mt-1 space-y-1 text-sm text-slate-700">
            {item.reports.map((r) => (
              <li key={r.id}>
                <span className="font-medium">{REPORT_REASON_LABELS[r.reason as ReportReason] ?? r.reason}</span> — {r.reporterName}
                {r.counted ? '' : ' (not verified)'}
                {r.note ? <span className="block text-slate-600">“{r.note}”</span> : null}
              </li>
            ))}
          </ul>
        </div>
        {item.author?.suspendedUntil ? <p className="text-sm text-amber-900">The author is suspended until {new Date(item.author.suspendedUntil).toLocaleString()}.</p> : null}
        <DecisionForm item={item} />
      </CardContent>
    </Card>
  );
}

function DecisionForm({ item }: { item: ModerationQueueItem }) {
  const [action, setAction] = useState<ModerationAction>(item.state === 'hidden' ? 'restore' : 'dismiss');
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [error, setError] = useState<string | null>(null);
  const moderate = useModerate();
  const ids = { action: useId(), reason: useId(), days: useId(), error: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(MODERATION_MESSAGES.reasonRequired);
      return;
    }
    setError(null);
    moderate.mutate(
      { kind: item.itemKind, id: item.itemId, action, reason: reason.trim(), ...(action === 'suspend' ? { days: Number(days) } : {}) },
      {
        onSuccess: () => toast.success('Decision saved', { description: `${ACTION_LABELS[action]}: written to the admin log.` }),
        onError: (e) => setError(e.message),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-[12rem_1fr]" noValidate>
      <div>
        <Label htmlFor={ids.action}>Decision</Label>
        <Select id={ids.action} value={action} onChange={(e) => setAction(e.target.value as ModerationAction)}>
          {MODERATION_ACTIONS.map((a) => (
            <option key={a} value={a} disabled={(a === 'warn' || a === 'suspend') && !item.author}>
              {ACTION_LABELS[a]}
            </option>
          ))}
        </Select>
        {action === 'suspend' ? (
          <div className="mt-2">
            <Label htmlFor={ids.days}>Days</Label>
            <Input id={ids.days} type="number" min={1} max={SUSPENSION_MAX_DAYS} value={days} onChange={(e) => setDays(e.target.value)} />
          </div>
        ) : null}
      </div>
      <div>
        <Label htmlFor={ids.reason}>Reason (the author and the admin log read it)</Label>
        <Textarea id={ids.reason} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={MODERATION_REASON_MAX} aria-describedby={error ? ids.error : undefined} />
        {error ? (
          <p id={ids.error} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-2 flex justify-end">
          <Button type="submit" variant={action === 'delete' || action === 'suspend' ? 'destructive' : 'primary'} disabled={moderate.isPending}>
            {moderate.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            Apply
          </Button>
        </div>
      </div>
    </form>
  );
}
