import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import type { CaucusDetail } from '../../../../domain/caucuses/caucus-types';
import { districtLabel, stateName } from '../../../../domain/geography/states';
import { useAppOrigin } from '../../../components/app-origin';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { Input } from '../../../components/ui/form-controls';
import { Pill } from './pill';
import { PlatformLink } from './platform-link';

/** Caucus Information: invitation link, password (for insiders), platform link, type, status, district, level, alignment. */
export function InformationCard({ caucus }: { caucus: CaucusDetail }) {
  const inviteUrl = `${useAppOrigin()}/join/${caucus.invitationCode}`;
  const insider = !!caucus.viewer?.isMember;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Caucus Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100">
          <Row label="Invitation Link">
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input readOnly value={inviteUrl} aria-label="Invitation link" className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <CopyButton
                text={inviteUrl}
                label="Copy Link"
                toastTitle="Invitation link copied!"
                toastDescription="Share it with voters of your district."
                className="shrink-0"
              />
            </div>
          </Row>
          {caucus.isOpen ? null : (
            <Row label="Password">
              {insider && caucus.password ? (
                <span className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900">{caucus.password}</span>
              ) : (
                <span className="text-sm text-slate-600">Password hidden - join the caucus to view</span>
              )}
            </Row>
          )}
          <Row label="Platform Link">
            <PlatformLink caucus={caucus} />
          </Row>
          <Row label="Type">
            <span className="inline-flex items-center gap-1 text-sm font-medium text-slate-900">
              {caucus.isOpen ? null : <Lock className="h-4 w-4 text-slate-500" aria-hidden="true" />}
              {caucus.isOpen ? 'Open' : 'Private'}
            </span>
          </Row>
          <Row label="Status">
            <div className="flex flex-wrap gap-2">
              <Pill tone={caucus.electionFinalized ? 'navy' : 'amber'}>{caucus.electionFinalized ? 'Delegate Elected' : 'Election Pending'}</Pill>
              <Pill tone={caucus.status === 'available' ? 'green' : 'slate'}>{caucus.status === 'available' ? 'Open' : 'Closed'}</Pill>
            </div>
          </Row>
          <Row label="District">
            <span className="text-sm text-slate-900">
              {districtLabel(caucus.state, caucus.district)} ({stateName(caucus.state)})
            </span>
          </Row>
          <Row label="Level">
            <span className="text-sm text-slate-900">Level {caucus.level}</span>
          </Row>
          <Row label="Alignment">
            <span className="text-sm break-words text-slate-900">{caucus.politicalAlignment ?? 'Not specified'}</span>
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[9rem_1fr] sm:items-center sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
