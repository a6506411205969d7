import { lazy, Suspense, type ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { archivingFailing, attentionPoints, backupsOverdueNow, diskUse, REPLICA_LAG_WARNING_SECONDS, type Attention } from '../../../domain/operations/system-figures';
import type { SystemStatus } from '../../../domain/operations/system-status';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat, type Format } from '../../i18n/format';
import { useSession } from '../session/use-session';
import { useSystemStatus } from './system-queries';
import { isSecondFactorRequired, SecondFactorRequired } from '../account-security/second-factor-required';
import { useSystemWords, type SystemWords } from './system-words';

/** Chart.js comes with the chart only, after the page's words are drawn. */
const BackupHistoryChart = lazy(() => import('./backup-history-chart'));

const ATTENTION_KEYS: Record<Attention, ParseKeys<'system'>> = {
  'database-unreachable': 'attention.databaseUnreachable',
  'backup-overdue': 'attention.backupOverdue',
  'backup-failed': 'attention.backupFailed',
  'archiving-failing': 'attention.archivingFailing',
  'drill-failed': 'attention.drillFailed',
  'disk-nearly-full': 'attention.diskNearlyFull',
  'jobs-failing': 'attention.jobsFailing',
  'mail-failing': 'attention.mailFailing',
  'replica-lagging': 'attention.replicaLagging',
};

/**
 * /admin/system (issue 30): how the app is running, for the people who run the movement — the
 * figures of GET /api/admin/system in words, a small chart of the recent backups, and what needs
 * attention first. A problem is said in words with a warning sign, red only as a reinforcement.
 */
export default function AdminSystemPage() {
  const { t } = useTranslation('system');
  const format = useFormat();
  useDocumentTitle(t('title'));
  const { user } = useSession();
  const status = useSystemStatus(!!user?.isAdministrator);
  if (user && !user.isAdministrator) {
    return (
      <Page title={t('title')}>
        <ErrorState title={t('adminOnly.title')} message={t('adminOnly.message')} />
      </Page>
    );
  }
  // Administrators need a second factor (issue 32): the server says so, the page shows the way.
  if (isSecondFactorRequired(status.error)) {
    return (
      <Page title={t('title')}>
        <SecondFactorRequired />
      </Page>
    );
  }
  return (
    <Page
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <div className="flex flex-wrap items-center gap-3">
          {status.data ? <p className="text-sm text-slate-600">{t('figuresOf', { time: format.time(new Date(status.dataUpdatedAt)) })}</p> : null}
          <Button variant="outline" onClick={() => void status.refetch()}>
            <RefreshCw className={cn('h-4 w-4', status.isFetching && 'motion-safe:animate-spin')} aria-hidden="true" /> {t('refresh')}
          </Button>
        </div>
      }
    >
      {status.isPending ? (
        <LoadingBlocks heights={['h-16', 'h-64', 'h-40', 'h-40']} />
      ) : status.isError && !status.data ? (
        <RetryError title={t('failed')} error={status.error} onRetry={() => status.refetch()} />
      ) : (
        <>
          {status.isError ? (
            // The figures shown are the last ones read: say that the newest could not be.
            <p role="alert" className="mb-4 flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> {t('refreshFailed', { message: status.error.message })}
            </p>
          ) : null}
          <SystemFigures status={status.data} now={new Date(status.dataUpdatedAt)} />
        </>
      )}
    </Page>
  );
}

interface FiguresProps {
  status: SystemStatus;
  /** When the figures were read: ages are counted to it. */
  now: Date;
}

function SystemFigures({ status, now }: FiguresProps) {
  const format = useFormat();
  const words = useSystemWords();
  return (
    <div className="space-y-6">
      <AttentionCard points={attentionPoints(status, now)} />
      <BackupsCard backups={status.backups} now={now} format={format} words={words} />
      <JobsCard jobs={status.jobs} now={now} format={format} words={words} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <MailCard mail={status.mail} now={now} format={format} words={words} />
        <DatabaseCard database={status.database} words={words} />
      </div>
      <ServerCard status={status} now={now} format={format} words={words} />
    </div>
  );
}

/** A problem in words: a warning sign and the words, in red (never red alone). */
function Problem({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-start gap-1.5 font-semibold text-red-700">
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </span>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-x-4 gap-y-0.5 py-2 sm:grid-cols-[13rem_minmax(0,1fr)]">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="min-w-0" role="region" aria-labelledby={`${id}-heading`}>
      <CardHeader>
        <CardTitle id={`${id}-heading`}>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function AttentionCard({ points }: { points: Attention[] }) {
  const { t } = useTranslation('system');
  if (points.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-xl border border-green-200 bg-green-50 p-4 text-sm font-medium text-green-800">
        <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden="true" /> {t('attention.allWell')}
      </p>
    );
  }
  return (
    <Card className="border-red-200" role="region" aria-labelledby="attention-heading">
      <CardHeader>
        <CardTitle id="attention-heading" className="flex items-center gap-2 text-red-800">
          <AlertTriangle className="h-5 w-5" aria-hidden="true" /> {t('attention.heading')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-900">
          {points.map((point) => (
            <li key={point}>{t(ATTENTION_KEYS[point])}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

interface PartProps {
  now: Date;
  format: Format;
  words: SystemWords;
}

function BackupsCard({ backups, now, format, words }: PartProps & { backups: SystemStatus['backups'] }) {
  const { t } = useTranslation('system');
  const when = (at: string) => ({ ago: words.ago(at, now), time: format.dateTime(at) });
  const overdue = backupsOverdueNow(backups, now);

  const tool = backups.tool === 'embedded' ? t('backups.toolEmbedded') : backups.tool === 'pgbackrest' ? t('backups.toolPgbackrest') : t('backups.off');
  let last: ReactNode;
  if (backups.lastBackupAt === null) last = overdue ? <Problem>{t('backups.noneOverdue')}</Problem> : t('backups.none');
  else if (backups.lastBackupOk === false) last = <Problem>{t('backups.lastFailed', when(backups.lastBackupAt))}</Problem>;
  else if (overdue) last = <Problem>{t('backups.overdue', when(backups.lastBackupAt))}</Problem>;
  else last = t('backups.lastValue', when(backups.lastBackupAt));

  let failures: ReactNode = t('backups.archiveFailuresNone');
  if (backups.archiveFailedCount > 0) {
    const text = t('backups.archiveFailuresValue', {
      count: backups.archiveFailedCount,
      ago: backups.lastArchiveFailedAt ? words.ago(backups.lastArchiveFailedAt, now) : t('backups.unknown'),
    });
    failures = archivingFailing(backups) ? <Problem>{t('backups.archiveFailing', { failures: text })}</Problem> : text;
  }

  const drill = backups.lastDrill;
  return (
    <Section id="backups" title={t('backups.heading')}>
      <dl className="divide-y divide-slate-100">
        <Field label={t('backups.tool')}>{tool}</Field>
        {backups.tool !== null ? (
          <>
            <Field label={t('backups.schedule')}>{t('backups.scheduleValue', { hours: backups.scheduleHours })}</Field>
            <Field label={t('backups.retention')}>{backups.retentionDays === null ? t('backups.retentionUnset') : t('backups.retentionDays', { days: backups.retentionDays })}</Field>
          </>
        ) : null}
        <Field label={t('backups.last')}>{last}</Field>
        {backups.lastBackupError ? (
          <Field label={t('backups.lastError')}>
            <span className="font-mono text-xs">{backups.lastBackupError}</span>
          </Field>
        ) : null}
        <Field label={t('backups.archiveLast')}>{backups.lastArchivedWalAt ? t('backups.lastValue', when(backups.lastArchivedWalAt)) : t('backups.archiveNever')}</Field>
        <Field label={t('backups.archiveFailures')}>{failures}</Field>
        <Field label={t('backups.drill')}>
          {drill === null ? (
            t('backups.drillNone')
          ) : drill.ok ? (
            <span className="inline-flex items-start gap-1.5">
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
              <span>{t('backups.drillPassed', when(drill.at))}</span>
            </span>
          ) : (
            <Problem>{t('backups.drillFailed', when(drill.at))}</Problem>
          )}
          {drill?.detail ? <span className="mt-1 block text-slate-700">{drill.detail}</span> : null}
        </Field>
      </dl>
      <BackupHistory history={backups.history} format={format} words={words} />
    </Section>
  );
}

function BackupHistory({ history, format, words }: { history: SystemStatus['backups']['history']; format: Format; words: SystemWords }) {
  const { t } = useTranslation('system');
  const oldestFirst = [...history].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const sizes = history.flatMap((p) => (p.bytes === null ? [] : [p.bytes]));
  const longest = words.duration(Math.max(0, ...history.map((p) => p.seconds)));
  const summary =
    sizes.length > 0
      ? t('backups.chartSummary', { count: history.length, largest: words.bytes(Math.max(...sizes)), longest })
      : t('backups.chartSummaryNoSize', { count: history.length, longest });
  return (
    <div className="mt-4 space-y-3 border-t border-slate-100 pt-4">
      <h3 id="backup-history-title" className="text-base font-semibold text-slate-900">
        {t('backups.historyHeading')}
      </h3>
      {history.length === 0 ? (
        <EmptyState>{t('backups.historyNone')}</EmptyState>
      ) : (
        <>
          <p id="backup-history-summary" className="text-sm text-slate-700">
            {summary}
          </p>
          <Suspense fallback={<Skeleton className="h-44" />}>
            <BackupHistoryChart
              points={oldestFirst}
              titleId="backup-history-title"
              summaryId="backup-history-summary"
              sizeLabel={t('backups.size')}
              durationLabel={t('backups.duration')}
              format={format}
              words={words}
            />
          </Suspense>
          <div className="overflow-x-auto rounded-xl border border-slate-200" tabIndex={0} role="region" aria-labelledby="backup-history-caption">
            <table className="w-full min-w-[28rem] text-left text-sm">
              <caption id="backup-history-caption" className="px-4 pt-3 pb-2 text-left font-medium text-slate-800">
                {t('backups.caption')}
              </caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    {t('backups.when')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t('backups.result')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    {t('backups.size')}
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold">
                    {t('backups.duration')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {[...oldestFirst].reverse().map((p) => (
                  <tr key={p.at}>
                    <th scope="row" className="px-4 py-2 font-medium">
                      <time dateTime={p.at}>{format.dateTime(p.at)}</time>
                    </th>
                    <td className="px-3 py-2">{p.ok ? t('backups.succeeded') : <Problem>{t('backups.failedResult')}</Problem>}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{p.bytes === null ? t('backups.unknown') : words.bytes(p.bytes)}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{words.duration(p.seconds)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

function JobsCard({ jobs, now, format, words }: PartProps & { jobs: SystemStatus['jobs'] }) {
  const { t } = useTranslation('system');
  return (
    <Section id="jobs" title={t('jobs.heading')}>
      {jobs.length === 0 ? (
        <EmptyState>{t('jobs.empty')}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200" tabIndex={0} role="region" aria-labelledby="jobs-caption">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption id="jobs-caption" className="px-4 pt-3 pb-2 text-left font-medium text-slate-800">
              {t('jobs.caption')}
            </caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  {t('jobs.queue')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('jobs.waiting')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('jobs.active')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('jobs.failed')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('jobs.oldest')}
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  {t('jobs.lastError')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {jobs.map((q) => (
                <tr key={q.queue} className="align-top">
                  <th scope="row" className="px-4 py-2 font-mono text-xs font-medium whitespace-nowrap">
                    {q.queue}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{format.number(q.waiting)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{format.number(q.active)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{q.failedLastDay > 0 ? <Problem>{format.number(q.failedLastDay)}</Problem> : format.number(0)}</td>
                  <td className="px-3 py-2">{q.oldestWaitingSeconds === null ? t('jobs.none') : words.duration(q.oldestWaitingSeconds)}</td>
                  <td className="max-w-[20rem] px-4 py-2 break-words">
                    {q.lastError ? t('jobs.errorValue', { ago: q.lastFailedAt ? words.ago(q.lastFailedAt, now) : t('backups.unknown'), error: q.lastError }) : t('jobs.none')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

function MailCard({ mail, now, format, words }: PartProps & { mail: SystemStatus['mail'] }) {
  const { t } = useTranslation('system');
  return (
    <Section id="mail" title={t('mail.heading')}>
      <dl className="divide-y divide-slate-100">
        <Field label={t('mail.backlog')}>{format.number(mail.backlog)}</Field>
        <Field label={t('mail.failing')}>{mail.failing > 0 ? <Problem>{t('mail.failingValue', { count: mail.failing })}</Problem> : t('mail.none')}</Field>
        <Field label={t('mail.sent')}>{format.number(mail.sentLastDay)}</Field>
        <Field label={t('mail.lastError')}>
          {mail.lastError ? t('mail.errorValue', { ago: mail.lastErrorAt ? words.ago(mail.lastErrorAt, now) : t('backups.unknown'), error: mail.lastError }) : t('mail.none')}
        </Field>
      </dl>
    </Section>
  );
}

function DatabaseCard({ database, words }: { database: SystemStatus['database']; words: SystemWords }) {
  const { t } = useTranslation('system');
  const lag = database.replicaLagSeconds;
  return (
    <Section id="database" title={t('database.heading')}>
      <dl className="divide-y divide-slate-100">
        <Field label={t('database.mode')}>{database.mode === 'embedded' ? t('database.modeEmbedded') : t('database.modeUrl')}</Field>
        <Field label={t('database.reachable')}>{database.reachable ? t('database.yes') : <Problem>{t('database.unreachable')}</Problem>}</Field>
        <Field label={t('database.version')}>{database.serverVersion ?? t('database.unknown')}</Field>
        <Field label={t('database.replica')}>
          {lag === null ? (
            t('database.noReplica')
          ) : lag > REPLICA_LAG_WARNING_SECONDS ? (
            <Problem>{t('database.lagging', { lag: words.duration(lag) })}</Problem>
          ) : (
            t('database.lagValue', { lag: words.duration(lag) })
          )}
        </Field>
      </dl>
    </Section>
  );
}

function ServerCard({ status, now, format, words }: PartProps & { status: SystemStatus }) {
  const { t } = useTranslation('system');
  const disk = status.disk;
  let diskText: ReactNode = t('server.diskUnknown');
  if (disk) {
    const use = diskUse(disk);
    const value = t('server.diskValue', { free: words.bytes(disk.freeBytes), total: words.bytes(disk.totalBytes), used: words.percent(use.usedShare) });
    diskText = use.nearlyFull ? <Problem>{t('server.diskNearlyFull', { value })}</Problem> : value;
  }
  return (
    <Section id="server" title={t('server.heading')}>
      <dl className="grid grid-cols-1 divide-y divide-slate-100">
        <Field label={t('server.version')}>{status.version}</Field>
        <Field label={t('server.migration')}>{t('server.migrationValue', { latest: status.migration.latest, count: status.migration.count })}</Field>
        <Field label={t('server.startedAt')}>{t('server.startedValue', { ago: words.ago(status.startedAt, now), time: format.dateTime(status.startedAt) })}</Field>
        <Field label={t('server.workers')}>{format.number(status.workers)}</Field>
        <Field label={t('server.node')}>{status.nodeVersion}</Field>
        <Field label={t('server.liveStreams')}>{format.number(status.liveStreams)}</Field>
        <Field label={t('server.disk')}>{diskText}</Field>
        <Field label={t('server.memory')}>{t('server.memoryValue', { rss: words.bytes(status.memory.rssBytes), heap: words.bytes(status.memory.heapUsedBytes) })}</Field>
      </dl>
    </Section>
  );
}
