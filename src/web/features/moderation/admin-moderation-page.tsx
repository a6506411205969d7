import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { ExternalLink, Loader2, ScrollText } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  MODERATION_ACTIONS,
  MODERATION_REASON_MAX,
  REPORT_REASONS,
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
import { useFormat } from '../../i18n/format';
import { useSession } from '../session/use-session';
import { useModerate, useModerationQueue } from './moderation-queries';
import { isSecondFactorRequired, SecondFactorRequired } from '../account-security/second-factor-required';
import { useConfirmIdentity } from '../account-security/use-confirm-identity';

const isReportReason = (value: string): value is ReportReason => (REPORT_REASONS as readonly string[]).includes(value);

/** /admin/moderation (issue 14): reports grouped by item, each with the item in context and the decisions. */
export default function AdminModerationPage() {
  const { t } = useTranslation('moderation');
  useDocumentTitle(t('queue.title'));
  const { user } = useSession();
  const queue = useModerationQueue(!!user?.isAdministrator);
  if (user && !user.isAdministrator) {
    return (
      <Page title={t('queue.title')}>
        <ErrorState title={t('adminOnly.title')} message={t('adminOnly.message')} />
      </Page>
    );
  }
  // Administrators need a second factor (issue 32): the server says so, the page shows the way.
  if (isSecondFactorRequired(queue.error)) {
    return (
      <Page title={t('queue.title')}>
        <SecondFactorRequired />
      </Page>
    );
  }
  return (
    <Page
      title={t('queue.title')}
      subtitle={t('queue.subtitle')}
      actions={
        <LinkButton to="/admin/log" variant="outline">
          <ScrollText className="h-4 w-4" aria-hidden="true" /> {t('queue.adminLogLink')}
        </LinkButton>
      }
    >
      {queue.isPending ? (
        <LoadingBlocks heights={['h-40', 'h-40']} />
      ) : queue.isError ? (
        <RetryError title={t('queue.failed')} error={queue.error} onRetry={() => queue.refetch()} />
      ) : queue.data.length === 0 ? (
        <EmptyState>{t('queue.empty')}</EmptyState>
      ) : (
        <ul className="space-y-4" aria-label={t('queue.listLabel')}>
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
  const { t } = useTranslation('moderation');
  const format = useFormat();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          {/* The item's kind is written in lower case ("private message"): its first letter is raised here. */}
          <CardTitle id={titleId} className="first-letter:uppercase">
            {t(`itemKinds.${item.itemKind}`)}
            {item.author ? (
              <span className="font-normal normal-case text-slate-600">
                {' '}
                {t('queue.byAuthor', { name: item.author.name })}
              </span>
            ) : null}
          </CardTitle>
          <span className={item.state === 'hidden' ? 'rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900' : 'rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700'}>
            {item.state === 'hidden' && item.hiddenByReports ? t('queue.states.hiddenByReports') : t(`queue.states.${item.state}`)}
          </span>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <figure className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <figcaption className="mb-1 flex items-center justify-between gap-2 text-xs text-slate-600">
            <span>{item.context.where}</span>
            {item.context.link ? (
              <Link to={item.context.link} className="inline-flex items-center gap-1 text-navy-700 hover:underline">
                {t('queue.open')} <ExternalLink className="h-3 w-3" aria-hidden="true" />
              </Link>
            ) : null}
          </figcaption>
          <blockquote className="text-sm break-words whitespace-pre-wrap text-slate-900">{item.context.text || t('queue.emptyText')}</blockquote>
        </figure>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">
            {t('queue.reportCount', { count: item.openReports, verified: item.countedReports })}
          </h3>
          <ul className="mt-1 space-y-1 text-sm text-slate-700">
            {item.reports.map((r) => (
              <li key={r.id}>
                <span className="font-medium">{isReportReason(r.reason) ? t(`reasons.${r.reason}`) : r.reason}</span> —{' '}
                {r.counted ? r.reporterName : t('queue.unverifiedReporter', { name: r.reporterName })}
                {r.note ? <span className="block text-slate-600">{t('queue.note', { note: r.note })}</span> : null}
              </li>
            ))}
          </ul>
        </div>
        {item.author?.suspendedUntil ? (
          <p className="text-sm text-amber-900">{t('queue.suspendedUntil', { date: format.dateTime(item.author.suspendedUntil) })}</p>
        ) : null}
        <DecisionForm item={item} />
      </CardContent>
    </Card>
  );
}

function DecisionForm({ item }: { item: ModerationQueueItem }) {
  const { t } = useTranslation('moderation');
  const [action, setAction] = useState<ModerationAction>(item.state === 'hidden' ? 'restore' : 'dismiss');
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [error, setError] = useState<string | null>(null);
  const moderate = useModerate();
  const { run, dialog } = useConfirmIdentity();
  const ids = { action: useId(), reason: useId(), days: useId(), error: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('decision.reasonRequired'));
      return;
    }
    setError(null);
    // An administrator's decision asks again when the last proof is old (issue 32).
    run(() => moderate.mutateAsync({ kind: item.itemKind, id: item.itemId, action, reason: reason.trim(), ...(action === 'suspend' ? { days: Number(days) } : {}) })).then(
      () => toast.success(t('decision.saved'), { description: t('decision.savedDescription', { action: t(`decision.actions.${action}`) }) }),
      (e: Error) => setError(e.message),
    );
  };
  return (
    <>
    {dialog}
    <form method="post" onSubmit={submit} className="grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-[12rem_1fr]" noValidate>
      <div>
        <Label htmlFor={ids.action}>{t('decision.label')}</Label>
        <Select id={ids.action} value={action} onChange={(e) => setAction(e.target.value as ModerationAction)}>
          {MODERATION_ACTIONS.map((a) => (
            <option key={a} value={a} disabled={(a === 'warn' || a === 'suspend') && !item.author}>
              {t(`decision.actions.${a}`)}
            </option>
          ))}
        </Select>
        {action === 'suspend' ? (
          <div className="mt-2">
            <Label htmlFor={ids.days}>{t('decision.days')}</Label>
            <Input id={ids.days} type="number" min={1} max={SUSPENSION_MAX_DAYS} value={days} onChange={(e) => setDays(e.target.value)} />
          </div>
        ) : null}
      </div>
      <div>
        <Label htmlFor={ids.reason}>{t('decision.reason')}</Label>
        <Textarea id={ids.reason} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={MODERATION_REASON_MAX} aria-describedby={error ? ids.error : undefined} />
        {error ? (
          <p id={ids.error} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-2 flex justify-end">
          <Button type="submit" variant={action === 'delete' || action === 'suspend' ? 'destructive' : 'primary'} disabled={moderate.isPending}>
            {moderate.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            {t('decision.apply')}
          </Button>
        </div>
      </div>
    </form>
    </>
  );
}
