import { Loader2, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { CaucusDetail } from '../../../../domain/caucuses/caucus-types';
import { ApiError, api } from '../../../api/http';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/form-controls';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { messageOf, splitMessage } from './toast-text';
import { UserSearch } from './user-search';

/** Invite Co-Organizer (organizers only): any user, by email address or by name. */
export function InviteCoOrganizerDialog({ caucus }: { caucus: CaucusDetail }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const ids = useId();

  async function invite(body: { email: string } | { inviteeId: string }, who: string): Promise<boolean> {
    try {
      const answer = await api<{ status?: 'emailed'; message?: string }>(`/api/caucuses/${caucus.id}/organizer-invitations`, { method: 'POST', json: body });
      // An address without an account got a mail with a sign-up link (issue 13).
      toast.success('Invitation Sent', { description: answer.status === 'emailed' && answer.message ? answer.message : `${who} has been invited to co-organize ${caucus.name}.` });
      return true;
    } catch (error) {
      const message = messageOf(error, 'Failed to send invitation.');
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        const [title, description] = splitMessage(message, 'Error');
        toast.error(title, { description });
      } else {
        toast.error('Error', { description: message });
      }
      return false;
    }
  }

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value || sending) return;
    setSending(true);
    const ok = await invite({ email: value }, value);
    setSending(false);
    if (ok) {
      setEmail('');
      setOpen(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full">
          <UserPlus className="h-4 w-4" aria-hidden="true" /> Invite Co-Organizer
        </Button>
      </DialogTrigger>
      <DialogContent title="Invite Co-Organizer" description="A co-organizer helps run this caucus and invite voters. Organizers do not vote.">
        <Tabs defaultValue="email">
          <TabsList aria-label="How to find the co-organizer">
            <TabsTrigger value="email">By Email</TabsTrigger>
            <TabsTrigger value="name">By Name</TabsTrigger>
          </TabsList>
          <TabsContent value="email" className="pt-4">
            <form onSubmit={submitEmail} noValidate className="space-y-3">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${ids}-email`}>Email address</Label>
                <Input
                  id={`${ids}-email`}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  maxLength={254}
                  value={email}
                  placeholder="name@example.com"
                  onChange={(e) => setEmail(e.target.value)}
                />
              </div>
              <Button type="submit" className="w-full" disabled={!email.trim() || sending}>
                {sending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                {sending ? 'Sending…' : 'Send Invitation'}
              </Button>
            </form>
          </TabsContent>
          <TabsContent value="name" className="pt-4">
            <UserSearch
              label="Search users by name"
              placeholder="Search by name"
              queryKey={['users', 'search']}
              url={(q) => `/api/users/search?q=${encodeURIComponent(q)}`}
              onInvite={(u) => invite({ inviteeId: u.id }, u.name)}
            />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
