import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CaucusPerson } from '../../../../domain/caucuses/caucus-types';
import { districtLabel } from '../../../../domain/geography/states';
import { FORMER_MEMBER_NAME, type PublicProfile } from '../../../../domain/profiles/profile-types';
import { api } from '../../../api/http';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePersonName } from '../../../i18n/person-name';
import { Avatar } from '../../../components/ui/avatar';
import { AlignmentName } from './information-card';

/** A member's or organizer's card: photo, tagline, district and alignment, and View Profile (not for a member who has left). */
export function ProfileDialog({ person, onClose }: { person: CaucusPerson | null; onClose: () => void }) {
  const { t } = useTranslation('caucus-detail');
  const personName = usePersonName();
  const former = person?.name === FORMER_MEMBER_NAME;
  const profile = useQuery({
    queryKey: ['profiles', person?.id ?? ''],
    queryFn: ({ signal }) => api<PublicProfile>(`/api/profiles/${encodeURIComponent(person!.id)}`, { signal }),
    enabled: !!person && !former,
  });
  return (
    <Dialog open={!!person} onOpenChange={(open) => !open && onClose()}>
      {person ? (
        <DialogContent title={personName(person.name)} description={t('level', { level: person.level })}>
          <div className="flex items-start gap-4">
            <Avatar name={person.name} photoUrl={person.photoUrl} decorative className="h-16 w-16 text-xl" />
            <div className="min-w-0 flex-1 space-y-1 text-sm">
              {former ? (
                <p className="text-slate-600">{t('profile.left')}</p>
              ) : profile.isPending ? (
                <div className="space-y-2" role="status" aria-label={t('profile.loading')}>
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-4 w-1/2" />
                </div>
              ) : profile.data ? (
                <>
                  {profile.data.tagline ? <p className="text-slate-800 italic">{t('profile.tagline', { tagline: profile.data.tagline })}</p> : null}
                  <p className="text-slate-700">
                    {districtLabel(profile.data.state, profile.data.district)} · <AlignmentName value={profile.data.politicalAlignment} />
                  </p>
                </>
              ) : null}
            </div>
          </div>
          {former ? null : (
            <div className="mt-6 flex justify-end">
              <Button asChild variant="primary">
                <Link to={`/profile/${person.id}`} onClick={onClose}>
                  {t('profile.viewProfile')}
                </Link>
              </Button>
            </div>
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
