import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Download, FileSearch, Loader2, XCircle } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkElectionRecord, RECORD_FORMAT, sha256Hex, type ElectionRecordFile, type RecordCheck, type RecordEntry } from '../../../domain/caucuses/election-record';
import { api } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';
import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat } from '../../i18n/format';

export const recordKey = (caucusId: string) => ['caucuses', 'record', caucusId] as const;

export function useElectionRecord(caucusId: string, enabled = true) {
  return useQuery({
    queryKey: recordKey(caucusId),
    queryFn: ({ signal }) => api<ElectionRecordFile>(`/api/caucuses/${encodeURIComponent(caucusId)}/record`, { signal }),
    enabled,
  });
}

type CaucusesT = TFunction<'caucuses'>;

/**
 * How an entry reads on the timeline: describeRecordEntry's sentences (src/domain), in the page's
 * language.
 */
function describeEntry(t: CaucusesT, e: RecordEntry): string {
  const who = e.actorName ?? e.actor ?? t('record.entries.someoneActor');
  const whom = e.subjectName ?? e.subject ?? t('record.entries.someoneSubject');
  switch (e.kind) {
    case 'created':
      return t('record.entries.created', { level: e.detail ?? '?' });
    case 'joined':
      return t('record.entries.joined', { who });
    case 'left':
      return t('record.entries.left', { who });
    case 'verified':
      return t('record.entries.verified', { who });
    case 'vote':
      return e.subject ? t('record.entries.vote', { who, whom }) : t('record.entries.voteWithdrawn', { who });
    case 'finalized':
      return t('record.entries.finalized', { whom });
  }
}

/**
 * The sentences checkElectionRecord and replayElection (src/domain) write about a record, each
 * with the catalog key that says it in the page's language. A sentence none of them matches is
 * shown as written.
 */
const CHECK_SENTENCES = [
  { pattern: /^entry (?<entry>\d+) has sequence number (?<seq>.*): an entry is missing or out of order$/, key: 'record.check.sequence' },
  { pattern: /^entry (?<entry>\d+) has an unknown kind "(?<kind>.*)"$/, key: 'record.check.unknownKind' },
  { pattern: /^entry (?<entry>\d+) does not follow entry (?<previous>-?\d+): its previous hash differs$/, key: 'record.check.previousHash' },
  { pattern: /^entry (?<entry>\d+) was changed: its contents do not match its hash$/, key: 'record.check.changed' },
  { pattern: /^The record finalizes the election for (?<who>.+), but its votes do not all name that person\.$/, key: 'record.check.votesDisagree' },
  { pattern: /^The record finalizes the election with (?<members>\d+) voting members of the (?<required>\d+) required\.$/, key: 'record.check.tooFewMembers' },
  { pattern: /^The caucus names no one as its Delegate, but the record finalizes for (?<who>.+)\.$/, key: 'record.check.noDelegate' },
  { pattern: /^The caucus names (?<stated>.+) as its Delegate, but the record finalizes for (?<who>.+)\.$/, key: 'record.check.otherDelegate' },
  { pattern: /^All (?<members>\d+) voting members voted for (?<who>.+): the result holds\.$/, key: 'record.check.holds' },
  { pattern: /^The caucus says its election was finalized, but the record has no finalization\.$/, key: 'record.check.noFinalization' },
  { pattern: /^The election is open: (?<votes>\d+) of (?<members>\d+) voting members have voted\.$/, key: 'record.check.open' },
] as const;

function checkSentence(t: CaucusesT, text: string): string {
  for (const { pattern, key } of CHECK_SENTENCES) {
    const groups = pattern.exec(text)?.groups;
    if (!groups) continue;
    // Counts are numbers, for the messages' plurals.
    const values = Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, /^\d+$/.test(value) ? Number(value) : value]));
    return t(key, values);
  }
  return text;
}

/** The caucus page's card (members): the newest entries of the record and a link to all of it. */
export function ElectionRecordCard({ caucusId }: { caucusId: string }) {
  const { t } = useTranslation('caucuses');
  const record = useElectionRecord(caucusId);
  const titleId = useId();
  const newest = (record.data?.entries ?? []).slice(-5).reverse();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t('record.card.title')}</CardTitle>
        <CardDescription>{t('record.card.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {record.isPending ? (
          <Skeleton className="h-24" />
        ) : record.isError ? (
          <p className="text-sm text-red-700">{t('record.card.failed', { message: record.error.message })}</p>
        ) : (
          <ol aria-label={t('record.card.latest')} className="space-y-1 text-sm">
            {newest.map((e) => (
              <li key={e.seq} className="flex gap-2">
                <span className="w-8 shrink-0 text-right text-slate-500">#{e.seq}</span>
                <span className="min-w-0 text-slate-800">{describeEntry(t, e)}</span>
              </li>
            ))}
          </ol>
        )}
        <LinkButton to={`/caucus/${caucusId}/record`} variant="outline" size="sm">
          <FileSearch className="h-4 w-4" aria-hidden="true" /> {t('record.card.seeAll')}
        </LinkButton>
      </CardContent>
    </Card>
  );
}

/** The full record: the timeline, the downloads, and a check run in this browser (or of a downloaded file). */
export function ElectionRecordView({ caucusId }: { caucusId: string }) {
  const { t } = useTranslation('caucuses');
  const format = useFormat();
  const record = useElectionRecord(caucusId);
  // `of`: the checked file's name, or null for the record this page loaded.
  const [check, setCheck] = useState<{ of: string | null; result: RecordCheck } | null>(null);
  const [checking, setChecking] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileId = useId();

  const run = async (file: ElectionRecordFile, of: string | null) => {
    setChecking(true);
    try {
      setCheck({ of, result: await checkElectionRecord(file, sha256Hex) });
    } finally {
      setChecking(false);
    }
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    setFileError(null);
    try {
      const parsed = JSON.parse(await chosen.text()) as ElectionRecordFile;
      if (parsed.format !== RECORD_FORMAT || !Array.isArray(parsed.entries)) throw new Error(t('record.view.notARecord', { format: RECORD_FORMAT }));
      await run(parsed, chosen.name);
    } catch (e) {
      setFileError(e instanceof Error ? e.message : String(e));
    }
  };

  if (record.isPending) return <LoadingBlocks heights={['h-24', 'h-64']} />;
  if (record.isError) return <RetryError title={t('record.view.failed')} error={record.error} onRetry={() => record.refetch()} />;
  const file = record.data;
  const base = `/api/caucuses/${encodeURIComponent(caucusId)}/record`;
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('record.view.checkTitle')}</CardTitle>
          <CardDescription>
            {t('record.view.checkDescription')} {file.entries[0]?.actorName === undefined ? t('record.view.pseudonyms') : ''}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void run(file, null)} disabled={checking}>
              {checking ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <FileSearch className="h-4 w-4" aria-hidden="true" />}
              {t('record.view.checkThis')}
            </Button>
            <Button asChild variant="outline">
              <a href={`${base}?download`} download>
                <Download className="h-4 w-4" aria-hidden="true" /> {t('record.view.downloadJson')}
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={`${base}.csv`} download>
                <Download className="h-4 w-4" aria-hidden="true" /> {t('record.view.downloadCsv')}
              </a>
            </Button>
          </div>
          <div>
            <label htmlFor={fileId} className="text-sm font-medium text-slate-900">
              {t('record.view.checkFile')}
            </label>
            <input id={fileId} type="file" accept="application/json,.json" onChange={(e) => void onFile(e)} className="mt-1 block w-full text-sm text-slate-700" />
            {fileError ? (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {fileError}
              </p>
            ) : null}
          </div>
          {check ? <CheckResult of={check.of} result={check.result} names={namesOf(file)} /> : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('record.view.timelineTitle')}</CardTitle>
          <CardDescription>{t('record.view.timelineDescription', { count: file.entries.length, timeZone: format.timeZone })}</CardDescription>
        </CardHeader>
        <CardContent className="p-0">
          <ol aria-label={t('record.view.timelineLabel')} className="divide-y divide-slate-200">
            {file.entries.map((e) => (
              <li key={e.seq} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[3rem_11rem_1fr]">
                <span className="text-slate-500">#{e.seq}</span>
                <time dateTime={e.occurredAt} className="text-slate-600">
                  {format.dateTime(e.occurredAt)}
                </time>
                <div className="min-w-0">
                  <p className="text-slate-900">{describeEntry(t, e)}</p>
                  <p className="truncate font-mono text-xs text-slate-500" title={e.hash}>
                    {e.hash}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}

/** A member's copy names people: the check's sentences use the names rather than the pseudonyms. */
function namesOf(file: ElectionRecordFile): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of file.entries) {
    if (e.actor && e.actorName) names.set(e.actor, e.actorName);
    if (e.subject && e.subjectName) names.set(e.subject, e.subjectName);
  }
  return names;
}

/** `of`: the checked file's name, or null for the record the page loaded. */
function CheckResult({ of, result, names }: { of: string | null; result: RecordCheck; names: Map<string, string> }) {
  const { t } = useTranslation('caucuses');
  const words = (text: string) => checkSentence(t, text).replace(/V-[0-9a-f]{12}/g, (ref) => names.get(ref) ?? ref);
  if (result.ok) {
    return (
      <p role="status" className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
        <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          {of === null ? t('record.check.intact', { count: result.entries }) : t('record.check.fileIntact', { file: of, count: result.entries })}{' '}
          {words(result.result.summary)}
        </span>
      </p>
    );
  }
  const problem = words(result.problem);
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        {of === null
          ? t('record.check.broken', { entry: result.brokenAt, problem })
          : // The file's name opens the sentence: capitalized.
            t('record.check.fileBroken', { file: of.charAt(0).toUpperCase() + of.slice(1), entry: result.brokenAt, problem })}
      </span>
    </p>
  );
}
