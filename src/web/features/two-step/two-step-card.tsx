import { ShieldCheck } from 'lucide-react';
import qrcode from 'qrcode-generator';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CODE_INPUT_MAX, groupKey, RECOVERY_CODES_COUNT, type TwoStepSetup } from '../../../domain/accounts/two-step';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { IconCardHeader } from '../../components/ui/icon-card-header';
import { CopyButton } from '../../components/ui/copy-button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { LabelledInput } from '../../components/ui/form-controls';
import { LoadingBlocks, RetryError } from '../../components/ui/query-states';
import { useConfirmIdentity } from '../account-security/use-confirm-identity';
import { PasswordField } from './password-field';
import { turnOffTwoStep, useConfirmSetup, useNewRecoveryCodes, useStartSetup, useTurnOff, useTwoStepStatus } from './two-step-queries';

type Step = { kind: 'idle' } | { kind: 'password'; purpose: 'setup' | 'codes' } | { kind: 'scan'; setup: TwoStepSetup } | { kind: 'codes'; codes: string[] };

const problemOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback);

/**
 * Two-step sign-in on /security (issue 32, decision 050): off → the password → a QR code and the
 * key in text → the first code turns it on → the ten recovery codes, shown once. On: how many
 * recovery codes are left, ten new ones, turning it off (the password, after a confirmation).
 */
export function TwoStepCard() {
  const { t } = useTranslation('two-step');
  const status = useTwoStepStatus();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const enabled = status.data?.enabled ?? false;

  return (
    <Card id="two-step" aria-labelledby="two-step-title">
      <IconCardHeader icon={ShieldCheck} titleId="two-step-title" title={t('card.title')} description={t('card.description')} />
      <CardContent className="space-y-4">
        {status.isLoading ? (
          <LoadingBlocks heights={['h-10', 'h-10']} />
        ) : status.error ? (
          <RetryError title={t('card.loadFailed')} error={status.error} onRetry={() => status.refetch()} />
        ) : step.kind === 'password' ? (
          <PasswordStep purpose={step.purpose} onCancel={() => setStep({ kind: 'idle' })} onSetup={(setup) => setStep({ kind: 'scan', setup })} onCodes={(codes) => setStep({ kind: 'codes', codes })} />
        ) : step.kind === 'scan' ? (
          <ScanStep setup={step.setup} onCancel={() => setStep({ kind: 'idle' })} onConfirmed={(codes) => setStep({ kind: 'codes', codes })} />
        ) : step.kind === 'codes' ? (
          <RecoveryCodesView codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />
        ) : enabled ? (
          <>
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800" role="status">
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900">{t('card.on')}</span>
              {t('card.codesLeft', { count: status.data?.recoveryCodesLeft ?? 0 })}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="outline" onClick={() => setStep({ kind: 'password', purpose: 'codes' })}>
                {t('card.newCodes')}
              </Button>
              <TurnOffDialog />
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              <span className="mr-2 rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-800">{t('card.off')}</span>
              {t('card.offHint')}
            </p>
            <Button onClick={() => setStep({ kind: 'password', purpose: 'setup' })}>{t('card.turnOn')}</Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PasswordStep({ purpose, onCancel, onSetup, onCodes }: { purpose: 'setup' | 'codes'; onCancel: () => void; onSetup: (setup: TwoStepSetup) => void; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('two-step');
  const id = useId();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartSetup();
  const codes = useNewRecoveryCodes();
  const pending = start.isPending || codes.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!password) return setProblem(t('password.required'));
    setProblem(null);
    const onError = (error: unknown) => setProblem(problemOf(error, t('password.failed')));
    if (purpose === 'setup') start.mutate(password, { onSuccess: onSetup, onError });
    else codes.mutate(password, { onSuccess: (answer) => onCodes(answer.recoveryCodes), onError });
  };

  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
        {purpose === 'setup' ? t('password.setupHeading') : t('password.codesHeading')}
      </h3>
      <p className="text-sm text-slate-600">{purpose === 'setup' ? t('password.setupHint') : t('password.codesHint')}</p>
      <PasswordField id={`${id}-password`} value={password} onChange={setPassword} problem={problem} autoFocus />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={pending}>
          {pending ? t('password.checking') : t('password.continue')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The otpauth address as an SVG QR code (drawn here from qrcode-generator's modules: no markup injected). */
function QrCode({ uri, label }: { uri: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(uri);
    qr.make();
    const count = qr.getModuleCount();
    let d = '';
    for (let row = 0; row < count; row++) for (let col = 0; col < count; col++) if (qr.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    return { size: count + 8, path: d };
  }, [uri]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="h-48 w-48 rounded-lg border border-slate-200 bg-white" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

function ScanStep({ setup, onCancel, onConfirmed }: { setup: TwoStepSetup; onCancel: () => void; onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation('two-step');
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useConfirmSetup();
  const grouped = groupKey(setup.key);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    if (!code.trim()) return setProblem(t('scan.codeRequired'));
    setProblem(null);
    confirm.mutate(code.trim(), {
      onSuccess: (answer) => {
        toast.success(t('scan.turnedOn'));
        onConfirmed(answer.recoveryCodes);
      },
      onError: (error) => setProblem(problemOf(error, t('scan.failed'))),
    });
  };

  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>{t('scan.stepApp')}</li>
        <li>{t('scan.stepScan')}</li>
        <li>{t('scan.stepCode')}</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        <QrCode uri={setup.totpUri} label={t('scan.qrLabel')} />
        <div className="min-w-0 space-y-2">
          <p className="text-sm font-medium text-slate-800">{t('scan.keyHeading')}</p>
          <code className="block rounded bg-slate-100 px-3 py-2 font-mono text-base tracking-wide break-all text-slate-900" data-testid="two-step-key">
            {grouped}
          </code>
          <CopyButton text={setup.key} label={t('scan.copyKey')} toastTitle={t('scan.keyCopied')} size="sm" />
        </div>
      </div>
      <form method="post" onSubmit={submit} noValidate className="space-y-3">
        <LabelledInput
          id={`${id}-code`}
          label={t('scan.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_INPUT_MAX}
          inputClassName="max-w-48 font-mono tracking-widest"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          problem={problem}
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? t('scan.confirming') : t('scan.confirm')}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel} disabled={confirm.isPending}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('two-step');
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${t('codes.fileHeading')}\n\n${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" aria-labelledby="two-step-codes-heading">
      <h3 id="two-step-codes-heading" className="text-sm font-semibold text-amber-950">
        {t('codes.heading', { count: RECOVERY_CODES_COUNT })}
      </h3>
      <p className="text-sm text-amber-950">{t('codes.once')}</p>
      <ul className="grid grid-cols-1 gap-1 rounded bg-white p-3 font-mono text-sm text-slate-900 min-[360px]:grid-cols-2" aria-label={t('codes.listLabel')} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2 print:hidden">
        <CopyButton text={text} label={t('codes.copy')} toastTitle={t('codes.copied')} size="sm" />
        <Button variant="outline" size="sm" onClick={download}>
          {t('codes.download')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => window.print()}>
          {t('codes.print')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('codes.done')}
        </Button>
      </div>
    </section>
  );
}

function TurnOffDialog() {
  const { t } = useTranslation('two-step');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const turnOff = useTurnOff();
  const { run, dialog } = useConfirmIdentity();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (turnOff.isPending) return;
    if (!password) return setProblem(t('password.required'));
    setProblem(null);
    turnOff.mutate(() => run(() => turnOffTwoStep(password)), {
      onSuccess: () => {
        setOpen(false);
        setPassword('');
        toast.success(t('off.done'));
      },
      onError: (error) => setProblem(problemOf(error, t('off.failed'))),
    });
  };

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (turnOff.isPending) return;
          setOpen(next);
          if (!next) setProblem(null);
        }}
      >
        <DialogTrigger asChild>
          <Button variant="outline">{t('off.button')}</Button>
        </DialogTrigger>
        <DialogContent title={t('off.title')} description={t('off.description')}>
          <form method="post" onSubmit={submit} noValidate className="space-y-4">
            <PasswordField id={`${id}-password`} value={password} onChange={setPassword} problem={problem} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={turnOff.isPending}>
                  {t('cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" disabled={turnOff.isPending}>
                {turnOff.isPending ? t('off.turningOff') : t('off.confirm')}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
      {dialog}
    </>
  );
}
