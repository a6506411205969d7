import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Download, FileSearch, Loader2, XCircle } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { checkElectionRecord, describeRecordEntry, RECORD_FORMAT, sha256Hex, type ElectionRecordFile, type RecordCheck } from '../../../domain/caucuses/election-record';
import { api } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';
import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { Skeleton } from '../../components/ui/skeleton';

export const recordKey = (caucusId: string) => ['caucuses', 'record', caucusId] as const;

export function useElectionRecord(caucusId: string, enabled = true) {
  return useQuery({
    queryKey: recordKey(caucusId),
    queryFn: ({ signal }) => api<ElectionRecordFile>(`/api/caucuses/${encodeURIComponent(caucusId)}/record`, { signal }),
    enabled,
  });
}

/** The caucus page's card (members): the newest entries of the record and a link to all of it. */
export function ElectionRecordCard({ caucusId }: { caucusId: string }) {
  const record = useElectionRecord(caucusId);
  const titleId = useId();
  const newest = (record.data?.entries ?? []).slice(-5).reverse();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Election record</CardTitle>
        <CardDescription>Every join, vote and change, in order, each sealed to the one before it.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {record.isPending ? (
          <Skeleton className="h-24" />
        ) : record.isError ? (
          <p className="text-sm text-red-700">Could not load the record: {record.error.message}</p>
        ) : (
          <ol aria-label="Latest entries of the election record" className="space-y-1 text-sm">
            {newest.map((e) => (
              <li key={e.seq} className="flex gap-2">
                <span className="w-8 shrink-0 text-right text-slate-500">#{e.seq}</span>
                <span className="min-w-0 text-slate-800">{describeRecordEntry(e)}</span>
              </li>
            ))}
          </ol>
        )}
        <LinkButton to={`/caucus/${caucusId}/record`} variant="outline" size="sm">
          <FileSearch className="h-4 w-4" aria-hidden="true" /> See and check the whole record
        </LinkButton>
      </CardContent>
    </Card>
  );
}

/** The full record: the timeline, the downloads, and a check run in this browser (or of a downloaded file). */
export function ElectionRecordView({ caucusId }: { caucusId: string }) {
  const record = useElectionRecord(caucusId);
  const [check, setCheck] = useState<{ of: string; result: RecordCheck } | null>(null);
  const [checking, setChecking] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileId = useId();

  const run = async (file: ElectionRecordFile, of: string) => {
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
      if (parsed.format !== RECORD_FORMAT || !Array.isArray(parsed.entries)) throw new Error(`This is not an election record (${RECORD_FORMAT}).`);
      await run(parsed, chosen.name);
    } catch (e) {
      setFileError(e instanceof Error ? e.message : String(e));
    }
  };

  if (record.isPending) return <LoadingBlocks heights={['h-24', 'h-64']} />;
  if (record.isError) return <RetryError title="Could not load the election record" error={record.error} onRetry={() => record.refetch()} />;
  const file = record.data;
  const base = `/api/caucuses/${encodeURIComponent(caucusId)}/record`;
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Check it yourself</CardTitle>
          <CardDescription>
            Each entry’s SHA-256 hash covers the entry and the hash before it, so no entry can change or go missing without breaking the chain. The check below recomputes every hash
            and the result in your browser. {file.entries[0]?.actorName === undefined ? 'People appear as pseudonyms that are the same in every copy of this record.' : ''}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void run(file, 'this record')} disabled={checking}>
              {checking ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <FileSearch className="h-4 w-4" aria-hidden="true" />}
              Check this record
            </Button>
            <Button asChild variant="outline">
              <a href={`${base}?download`} download>
                <Download className="h-4 w-4" aria-hidden="true" /> Download (JSON)
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={`${base}.csv`} download>
                <Download className="h-4 w-4" aria-hidden="true" /> Download (CSV)
              </a>
            </Button>
          </div>
          <div>
            <label htmlFor={fileId} className="text-sm font-medium text-slate-900">
              Or check a downloaded record
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
          <CardTitle>Timeline</CardTitle>
          <CardDescription>{file.entries.length} entries, oldest first. Times are in your time zone.</CardDescription>
        </CardHeader>
        <CardContent className="p-0">
          <ol aria-label="Election record" className="divide-y divide-slate-200">
            {file.entries.map((e) => (
              <li key={e.seq} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[3rem_11rem_1fr]">
                <span className="text-slate-500">#{e.seq}</span>
                <time dateTime={e.occurredAt} className="text-slate-600">
                  {new Date(e.occurredAt).toLocaleString()}
                </time>
                <div className="min-w-0">
                  <p className="text-slate-900">{describeRecordEntry(e)}</p>
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

function CheckResult({ of, result, names }: { of: string; result: RecordCheck; names: Map<string, string> }) {
  const words = (text: string) => text.replace(/V-[0-9a-f]{12}/g, (ref) => names.get(ref) ?? ref);
  return result.ok ? (
    <p role="status" className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
      <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        The chain of {of} holds: all {result.entries} entries are intact. {words(result.result.summary)}
      </span>
    </p>
  ) : (
    <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        {of[0]!.toUpperCase() + of.slice(1)} does not hold at entry {result.brokenAt}: {words(result.problem)}
      </span>
    </p>
  );
}
