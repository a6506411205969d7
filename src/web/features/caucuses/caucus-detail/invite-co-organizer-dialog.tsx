import { Loader2, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CaucusDetail } from '../../../../domain/caucuses/caucus-types';
import type { OrganizerInvitationResult } from '../../../../domain/caucuses/invitation-types';
import { ApiError, api } from '../../../api/http';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/form-controls';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { messageOf, splitMessage } from './toast-text';
import { UserSearch } from './user-search';

/** Invite Co-Organizer (organizers only): any user, by email address or by name. */
export function InviteCoOrganizerDialog({ caucus }: { caucus: CaucusDetail }) {
  const { t } = useTranslation('caucus-detail');
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const ids = useId();

  async function invite(body: { email: string } | { inviteeId: string }, who: string): Promise<boolean> {
    try {
      const answer = await api<OrganizerInvitationResult>(`/api/caucuses/${caucus.id}/organizer-invitations`, { method: 'POST', json: body });
      // By email, the same answer for every address, registered or not (issues 13 and 29).
      toast.success(t('inviteCoOrganizer.sent'), {
        description: 'status' in answer && answer.status === 'emailed' && answer.message ? answer.message : t('inviteCoOrganizer.sentDescription', { who, caucus: caucus.name }),
      });
      return true;
    } catch (error) {
      const message = messageOf(error, t('inviteCoOrganizer.failed'));
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        const [title, description] = splitMessage(message, t('inviteCoOrganizer.error'));
        toast.error(title, { description });
      } else {
        toast.error(t('inviteCoOrganizer.error'), { description: message });
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
          <UserPlus className="h-4 w-4" aria-hidden="true" /> {t('inviteCoOrganizer.button')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('inviteCoOrganizer.title')} description={t('inviteCoOrganizer.description')}>
        <Tabs defaultValue="email">
          <TabsList aria-label={t('inviteCoOrganizer.tabsLabel')}>
            <TabsTrigger value="email">{t('inviteCoOrganizer.byEmail')}</TabsTrigger>
            <TabsTrigger value="name">{t('inviteCoOrganizer.byName')}</TabsTrigger>
          </TabsList>
          <TabsContent value="email" className="pt-4">
            <form method="post" onSubmit={submitEmail} noValidate className="space-y-3">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${ids}-email`}>{t('inviteCoOrganizer.emailLabel')}</Label>
                <Input
                  id={`${ids}-email`}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  maxLength={254}
                  value={email}
                  placeholder={t('inviteCoOrganizer.emailPlaceholder')}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </div>
              <Button type="submit" className="w-full" disabled={!email.trim() || sending}>
                {sending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                {sending ? t('inviteCoOrganizer.sending') : t('inviteCoOrganizer.send')}
              </Button>
            </form>
          </TabsContent>
          <TabsContent value="name" className="pt-4">
            <UserSearch
              label={t('inviteCoOrganizer.searchLabel')}
              placeholder={t('inviteCoOrganizer.searchPlaceholder')}
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
