import { CheckCircle2 } from 'lucide-react';
import type { CaucusDetail, CaucusPerson } from '../../../../domain/caucuses/caucus-types';
import { FORMER_MEMBER_NAME } from '../../../../domain/profiles/profile-types';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

/** Delegate Election once finalized: who was elected, and where they go next. */
export function ElectionResult({ caucus, onShowPerson }: { caucus: CaucusDetail; onShowPerson: (p: CaucusPerson) => void }) {
  const delegate = caucus.electedDelegate;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Delegate Election</CardTitle>
        <CardDescription>The election is finalized. No further voting.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center gap-3 rounded-xl border border-navy-100 bg-navy-50 p-4">
          <CheckCircle2 className="h-6 w-6 shrink-0 text-navy-700" aria-hidden="true" />
          <div className="min-w-0">
            <p className="text-sm font-medium text-navy-800">Delegate Elected</p>
            {delegate ? (
              <button
                type="button"
                aria-haspopup="dialog"
                className="text-lg font-semibold break-words text-navy-900 underline-offset-4 hover:underline"
                onClick={() => onShowPerson(delegate)}
              >
                {delegate.name}
              </button>
            ) : (
              <p className="text-lg font-semibold text-navy-900">{FORMER_MEMBER_NAME}</p>
            )}
            <p className="text-sm text-slate-700">Represents this caucus at Level {Math.min(5, caucus.level + 1)}{caucus.level === 5 ? ' as the district\u2019s Candidate' : ''}.</p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
