import { useTranslation } from 'react-i18next';
import type { CaucusDetail, CaucusPerson } from '../../../../domain/caucuses/caucus-types';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PersonButton } from './person-button';

/** Organizers: who runs the caucus (they do not vote). */
export function OrganizersCard({ caucus, onShowPerson }: { caucus: CaucusDetail; onShowPerson: (p: CaucusPerson) => void }) {
  const { t } = useTranslation('caucus-detail');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('organizers.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {caucus.organizers.length === 0 ? (
          <p className="text-sm text-slate-600">{t('organizers.empty')}</p>
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
