import { Activity, Ban, BadgeCheck, Download, KeyRound, Loader2, LogOut, ScrollText, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { api } from '../../api/http';
import { Link } from 'react-router';
import type { OwnProfile, PersonalDataExport } from '../../../domain/profiles/profile-types';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CopyButton } from '../../components/ui/copy-button';
import { Input, Label } from '../../components/ui/form-controls';
import { useSignOut } from '../session/use-session';
import { DeleteProfileDialog } from './delete-profile-dialog';

/** The owner's own actions: referral link, verification, log out and deletion. */
export function AccountCard({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation('profiles');
  const signOut = useSignOut();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.title')}</CardTitle>
        <CardDescription>{t('account.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {profile.sharingLink ? (
          <div className="space-y-1">
            <Label htmlFor="referral-link">{t('account.referralLink')}</Label>
            <p id="referral-link-help" className="text-xs text-slate-600">
              {t('account.referralHelp')}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id="referral-link"
                readOnly
                value={profile.sharingLink}
                aria-describedby="referral-link-help"
                onFocus={(e) => e.currentTarget.select()}
                className="font-mono text-xs"
              />
              <CopyButton
                text={profile.sharingLink}
                label={t('account.copyLink')}
                copiedLabel={t('account.copied')}
                toastTitle={t('account.linkCopied')}
                toastDescription={t('account.linkCopiedDescription')}
                className="shrink-0"
              />
            </div>
          </div>
        ) : null}

        <div className="flex flex-wrap items-center gap-3">
          {profile.verified ? (
            <p className="inline-flex items-center gap-1 rounded-full bg-green-50 px-3 py-1 text-sm font-medium text-green-800">
              <BadgeCheck className="h-4 w-4" aria-hidden="true" /> {t('account.verified')}
            </p>
          ) : (
            <Button asChild variant="primary">
              <Link to="/verification">
                <ShieldCheck className="h-4 w-4" aria-hidden="true" /> {t('account.verify')}
              </Link>
            </Button>
          )}
          <Button variant="outline" onClick={() => void signOut()}>
            <LogOut className="h-4 w-4" aria-hidden="true" /> {t('account.logOut')}
          </Button>
        </div>

        <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3">
          <Button asChild variant="outline">
            <Link to="/security">
              <KeyRound className="h-4 w-4" aria-hidden="true" /> {t('account.security')}
            </Link>
          </Button>
          <DownloadMyDataButton />
          <Button asChild variant="ghost">
            <Link to="/blocked-people">
              <Ban className="h-4 w-4" aria-hidden="true" /> {t('account.blockedPeople')}
            </Link>
          </Button>
        </div>

        {profile.isAdministrator ? (
          <nav aria-label={t('account.administration')} className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3">
            <Button asChild variant="outline">
              <Link to="/admin/moderation">
                <ShieldAlert className="h-4 w-4" aria-hidden="true" /> {t('account.moderation')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/log">
                <ScrollText className="h-4 w-4" aria-hidden="true" /> {t('account.adminLog')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/system">
                <Activity className="h-4 w-4" aria-hidden="true" /> {t('account.system')}
              </Link>
            </Button>
          </nav>
        ) : null}

        <div className="border-t border-slate-100 pt-3">
          <DeleteProfileDialog />
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * "Download my data" (issue 14): one JSON file of everything the app holds about you. Fetched
 * (so a refusal, such as the hourly limit, is a toast rather than a broken download), then saved.
 */
function DownloadMyDataButton() {
  const { t } = useTranslation('profiles');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const data = await api<PersonalDataExport>('/api/me/data');
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `my-caucus-data-${new Date().toISOString().slice(0, 10)}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success(t('account.downloaded'));
    } catch (e) {
      toast.error(t('account.downloadFailed'), { description: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void download()} disabled={busy}>
      {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
      {t('account.download')}
    </Button>
  );
}
