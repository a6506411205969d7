import { BadgeCheck, LogOut, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { OwnProfile } from '../../../domain/profiles/profile-types';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CopyButton } from '../../components/ui/copy-button';
import { Input, Label } from '../../components/ui/form-controls';
import { useSignOut } from '../session/use-session';
import { DeleteProfileDialog } from './delete-profile-dialog';

/** The owner's own actions: referral link, verification, log out and deletion. */
export function AccountCard({ profile }: { profile: OwnProfile }) {
  const signOut = useSignOut();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Account</CardTitle>
        <CardDescription>Only you can see this.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {profile.sharingLink ? (
          <div className="space-y-1">
            <Label htmlFor="referral-link">Referral link</Label>
            <p id="referral-link-help" className="text-xs text-slate-600">
              Earn 1 Spark for every friend who joins through your link and confirms their email.
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
                label="Copy referral link"
                copiedLabel="Copied!"
                toastTitle="Referral link copied!"
                toastDescription="Share this link to earn Sparks when friends join."
                className="shrink-0"
              />
            </div>
          </div>
        ) : null}

        <div className="flex flex-wrap items-center gap-3">
          {profile.verified ? (
            <p className="inline-flex items-center gap-1 rounded-full bg-green-50 px-3 py-1 text-sm font-medium text-green-800">
              <BadgeCheck className="h-4 w-4" aria-hidden="true" /> Verified
            </p>
          ) : (
            <Button asChild variant="primary">
              <Link to="/verification">
                <ShieldCheck className="h-4 w-4" aria-hidden="true" /> Verify
              </Link>
            </Button>
          )}
          <Button variant="outline" onClick={() => void signOut()}>
            <LogOut className="h-4 w-4" aria-hidden="true" /> Log Out
          </Button>
        </div>

        <div className="border-t border-slate-100 pt-3">
          <DeleteProfileDialog />
        </div>
      </CardContent>
    </Card>
  );
}
