import { Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { CaucusDetail } from '../../../../domain/caucuses/caucus-types';
import { districtLabel, stateName } from '../../../../domain/geography/states';
import { ApiError, api } from '../../../api/http';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { messageOf } from './toast-text';
import { UserSearch, type FoundUser } from './user-search';

/** Invite Others (organizers only): voters of the caucus's district, by name, invited as voting members. */
export function InviteOthersDialog({ caucus }: { caucus: CaucusDetail }) {
  const [open, setOpen] = useState(false);
  const where = districtLabel(caucus.state, caucus.district);

  async function invite(u: FoundUser): Promise<boolean> {
    try {
      await api(`/api/caucuses/${caucus.id}/voter-invitations`, { method: 'POST', json: { inviteeId: u.id } });
      toast.success('Invitation Sent', { description: `${u.name} has been invited to join ${caucus.name}.` });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.error(error.title ?? 'Already Invited', { description: error.message });
        return error.code === 'already_invited';
      }
      toast.error('Failed to send invitation', { description: messageOf(error, 'Please try again.') });
      return false;
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full">
          <Users className="h-4 w-4" aria-hidden="true" /> Invite Others
        </Button>
      </DialogTrigger>
      <DialogContent title="Invite Others" description={`Invite voters of ${where} (${stateName(caucus.state)}) to join as voting members.`}>
        <UserSearch
          label={`Search voters in ${where}`}
          placeholder="Search by name"
          queryKey={['caucuses', caucus.id, 'invitable-voters']}
          url={(q) => `/api/caucuses/${caucus.id}/invitable-voters?q=${encodeURIComponent(q)}`}
          onInvite={invite}
        />
      </DialogContent>
    </Dialog>
  );
}
