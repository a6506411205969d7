import { Loader2, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CaucusDetail } from '../../../../domain/caucuses/caucus-types';
import type { EmailInvitationResult } from '../../../../domain/caucuses/invitation-types';
import { districtLabel, stateName } from '../../../../domain/geography/states';
import { ApiError, api } from '../../../api/http';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/form-controls';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { messageOf } from './toast-text';
import { UserSearch, type FoundUser } from './user-search';

/**
 * Invite Others (organizers only): voters of the caucus's district, by name, invited as voting
 * members; or anyone by email address: a registered voter is invited as by name, an address
 * without an account gets a mail with a sign-up link (issue 13), and the answer is the same for
 * both (issue 29).
 */
export function InviteOthersDialog({ caucus }: { caucus: CaucusDetail }) {
  const { t } = useTranslation('caucus-detail');
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const ids = useId();
  const where = districtLabel(caucus.state, caucus.district);

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value || sending) return;
    setSending(true);
    try {
      const answer = await api<EmailInvitationResult>(`/api/caucuses/${caucus.id}/voter-invitations/email`, {
        method: 'POST',
        json: { email: value },
      });
      // The same answer for every address, registered or not (issue 29).
      toast.success(t('inviteOthers.sent'), { description: answer.message });
      setEmail('');
      setOpen(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) toast.error(error.title ?? t('inviteOthers.alreadyInvited'), { description: error.message });
      else toast.error(t('inviteOthers.failed'), { description: messageOf(error, t('inviteOthers.tryAgain')) });
    } finally {
      setSending(false);
    }
  };

  async function invite(u: FoundUser): Promise<boolean> {
    try {
      await api(`/api/caucuses/${caucus.id}/voter-invitations`, { method: 'POST', json: { inviteeId: u.id } });
      toast.success(t('inviteOthers.sent'), { description: t('inviteOthers.sentDescription', { who: u.name, caucus: caucus.name }) });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.error(error.title ?? t('inviteOthers.alreadyInvited'), { description: error.message });
        return error.code === 'already_invited';
      }
      toast.error(t('inviteOthers.failed'), { description: messageOf(error, t('inviteOthers.tryAgain')) });
      return false;
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full">
          <Users className="h-4 w-4" aria-hidden="true" /> {t('inviteOthers.button')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('inviteOthers.title')} description={t('inviteOthers.description', { district: where, state: stateName(caucus.state) })}>
        <Tabs defaultValue="name">
          <TabsList aria-label={t('inviteOthers.tabsLabel')}>
            <TabsTrigger value="name">{t('inviteOthers.byName')}</TabsTrigger>
            <TabsTrigger value="email">{t('inviteOthers.byEmail')}</TabsTrigger>
          </TabsList>
          <TabsContent value="name" className="pt-4">
            <UserSearch
              label={t('inviteOthers.searchLabel', { district: where })}
              placeholder={t('inviteOthers.searchPlaceholder')}
              queryKey={['caucuses', caucus.id, 'invitable-voters']}
              url={(q) => `/api/caucuses/${caucus.id}/invitable-voters?q=${encodeURIComponent(q)}`}
              onInvite={invite}
            />
          </TabsContent>
          <TabsContent value="email" className="pt-4">
            <form method="post" onSubmit={submitEmail} noValidate className="space-y-3">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${ids}-email`}>{t('inviteOthers.emailLabel')}</Label>
                <Input
                  id={`${ids}-email`}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  maxLength={254}
                  value={email}
                  placeholder={t('inviteOthers.emailPlaceholder')}
                  aria-describedby={`${ids}-hint`}
                  onChange={(e) => setEmail(e.target.value)}
                />
                <p id={`${ids}-hint`} className="text-sm text-slate-600">
                  {t('inviteOthers.emailHint')}
                </p>
              </div>
              <Button type="submit" className="w-full" disabled={!email.trim() || sending}>
                {sending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                {sending ? t('inviteOthers.sending') : t('inviteOthers.send')}
              </Button>
            </form>
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
