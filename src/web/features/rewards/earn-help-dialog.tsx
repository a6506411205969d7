import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';

/**
 * The 'Earn N Sparks' / 'Earn N Banners' text of a reward card: a button that opens a dialog
 * saying how to earn them (Sparks by the referral link, Banners by organizing a caucus to a Delegate).
 */
export function EarnHelpDialog({ kind, label, referralLink }: { kind: 'sparks' | 'banners'; label: string; referralLink: string }) {
  const { t } = useTranslation('rewards');
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button type="button" className="rounded text-left text-sm font-semibold text-navy-700 underline decoration-dotted underline-offset-4 hover:decoration-solid">
          {label}
        </button>
      </DialogTrigger>
      {kind === 'sparks' ? (
        <DialogContent title={t('earnHelp.sparksTitle')} description={t('earnHelp.sparksDescription')}>
          <div className="space-y-3 text-sm text-slate-700">
            <p>{t('earnHelp.sparksHow')}</p>
            <p>{t('earnHelp.sparksShare')}</p>
            <p className="rounded-lg bg-slate-100 p-3 font-mono text-xs break-all text-slate-800">{referralLink}</p>
            <div className="flex flex-wrap justify-end gap-2 pt-2">
              <CopyButton
                text={referralLink}
                label={t('earnHelp.copyLink')}
                copiedLabel={t('earnHelp.copied')}
                toastTitle={t('earnHelp.copiedTitle')}
                toastDescription={t('earnHelp.copiedDescription')}
              />
              <DialogClose asChild>
                <Button>{t('earnHelp.gotIt')}</Button>
              </DialogClose>
            </div>
          </div>
        </DialogContent>
      ) : (
        <DialogContent title={t('earnHelp.bannersTitle')} description={t('earnHelp.bannersDescription')}>
          <div className="space-y-3 text-sm text-slate-700">
            <p>{t('earnHelp.bannersHow')}</p>
            <ol className="list-decimal space-y-1 pl-5">
              <li>{t('earnHelp.stepCreate')}</li>
              <li>{t('earnHelp.stepInvite')}</li>
              <li>{t('earnHelp.stepElect')}</li>
            </ol>
            <div className="flex flex-wrap justify-end gap-2 pt-2">
              <Button asChild variant="outline">
                <Link to="/create-caucus">
                  <Plus className="h-4 w-4" aria-hidden="true" /> {t('earnHelp.createCaucus')}
                </Link>
              </Button>
              <DialogClose asChild>
                <Button>{t('earnHelp.gotIt')}</Button>
              </DialogClose>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
