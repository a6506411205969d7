import type { CaucusDetail, CaucusPerson } from '../../../../domain/caucuses/caucus-types';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PersonButton } from './person-button';

/** Organizers: who runs the caucus (they do not vote). */
export function OrganizersCard({ caucus, onShowPerson }: { caucus: CaucusDetail; onShowPerson: (p: CaucusPerson) => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Organizers</CardTitle>
      </CardHeader>
      <CardContent>
        {caucus.organizers.length === 0 ? (
          <p className="text-sm text-slate-600">No organizers: this caucus was started by a voting member.</p>
        ) : (
          <ul className="space-y-1">
            {caucus.organizers.map((o) => (
              <li key={o.id}>
                <PersonButton person={o} onShow={onShowPerson} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
