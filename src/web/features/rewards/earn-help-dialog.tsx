import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';

/**
 * The 'Earn N Sparks' / 'Earn N Banners' text of a reward card: a button that opens a dialog
 * saying how to earn them (Sparks by the referral link, Banners by organizing a caucus to a Delegate).
 */
export function EarnHelpDialog({ kind, label, referralLink }: { kind: 'sparks' | 'banners'; label: string; referralLink: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button type="button" className="rounded text-left text-sm font-semibold text-navy-700 underline decoration-dotted underline-offset-4 hover:decoration-solid">
          {label}
        </button>
      </DialogTrigger>
      {kind === 'sparks' ? (
        <DialogContent title="How to Earn Sparks" description="Sparks come from bringing new voters into the movement.">
          <div className="space-y-3 text-sm text-slate-700">
            <p>You earn 1 Spark for each person who registers through your referral link and confirms their email.</p>
            <p>Share your link with friends, family and neighbours: by message, email or social media.</p>
            <p className="rounded-lg bg-slate-100 p-3 font-mono text-xs break-all text-slate-800">{referralLink}</p>
            <div className="flex flex-wrap justify-end gap-2 pt-2">
              <CopyButton
                text={referralLink}
                label="Copy Referral Link"
                toastTitle="Referral link copied!"
                toastDescription="Share this link to earn Sparks when friends join."
              />
              <DialogClose asChild>
                <Button>Got it</Button>
              </DialogClose>
            </div>
          </div>
        </DialogContent>
      ) : (
        <DialogContent title="How to Earn Banners" description="Banners come from organizing caucuses that elect their Delegate.">
          <div className="space-y-3 text-sm text-slate-700">
            <p>You earn 1 Banner when a caucus you organize unanimously elects its Delegate.</p>
            <ol className="list-decimal space-y-1 pl-5">
              <li>Create a caucus as an Organizer (organizers do not vote).</li>
              <li>Invite voters of the district until it has 10 voting members.</li>
              <li>Help them agree on a platform and unanimously elect a Delegate.</li>
            </ol>
            <div className="flex flex-wrap justify-end gap-2 pt-2">
              <Button asChild variant="outline">
                <Link to="/create-caucus">
                  <Plus className="h-4 w-4" aria-hidden="true" /> Create a Caucus
                </Link>
              </Button>
              <DialogClose asChild>
                <Button>Got it</Button>
              </DialogClose>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
