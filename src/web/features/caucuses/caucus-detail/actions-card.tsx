import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Loader2, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CaucusDetail } from '../../../../domain/caucuses/caucus-types';
import type { OwnProfile } from '../../../../domain/profiles/profile-types';
import { api } from '../../../api/http';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { InviteCoOrganizerDialog } from './invite-co-organizer-dialog';
import { InviteOthersDialog } from './invite-others-dialog';
import { JoinSection } from './join-section';
import { messageOf } from './toast-text';

/** Join This Caucus (outsiders) or Caucus Actions (insiders): join, leave, and the organizers' invitation dialogs. */
export function ActionsCard({ caucus, user }: { caucus: CaucusDetail; user: OwnProfile }) {
  const { t } = useTranslation('caucus-detail');
  const viewer = caucus.viewer;
  const insider = !!viewer?.isMember;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{insider ? t('actions.titleInsider') : t('actions.titleOutsider')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {viewer?.isVotingMember ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Check className="h-4 w-4 text-green-700" aria-hidden="true" /> {t('actions.votingMember')}
          </p>
        ) : null}
        {viewer?.isOrganizer ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Check className="h-4 w-4 text-green-700" aria-hidden="true" /> {t('actions.organizer')}
          </p>
        ) : null}
        {!viewer?.isVotingMember && !viewer?.isOrganizer ? <JoinSection caucus={caucus} user={user} /> : null}
        {viewer?.isVotingMember ? (
          caucus.electionFinalized ? (
            <p className="text-sm text-slate-600">{t('actions.finalized')}</p>
          ) : (
            <LeaveButton caucus={caucus} />
          )
        ) : null}
        {viewer?.canInvite ? (
          <div className="flex flex-col gap-2">
            <InviteCoOrganizerDialog caucus={caucus} />
            <InviteOthersDialog caucus={caucus} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function LeaveButton({ caucus }: { caucus: CaucusDetail }) {
  const { t } = useTranslation('caucus-detail');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const leave = useMutation({
    mutationFn: () => api(`/api/caucuses/${caucus.id}/leave`, { method: 'POST', json: {} }),
    onSuccess: () => {
      setOpen(false);
      toast.success(t('actions.leftTitle'), { description: t('actions.leftDescription', { name: caucus.name }) });
      void queryClient.invalidateQueries();
    },
    onError: (error) => toast.error(t('actions.leaveFailed'), { description: messageOf(error, t('actions.tryAgain')) }),
  });
  return (
    <>
      <Button variant="outline" className="w-full text-red-700" onClick={() => setOpen(true)}>
        <LogOut className="h-4 w-4" aria-hidden="true" /> {t('actions.leaveButton')}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !leave.isPending && setOpen(next)}>
        <DialogContent title={t('actions.leaveTitle')} description={t('actions.leaveDescription', { name: caucus.name })}>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={leave.isPending}>
              {t('actions.stay')}
            </Button>
            <Button variant="destructive" onClick={() => leave.mutate()} disabled={leave.isPending}>
              {leave.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {t('actions.leaveButton')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
