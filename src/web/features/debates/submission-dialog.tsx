import { Loader2, Mic, Pause, Play, RotateCcw, Square } from 'lucide-react';
import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { countWords, DEBATE_MESSAGES, formatSeconds, MAX_SECONDS, MAX_WORDS, textRefusal, type ContributionKind, type DebateType } from '../../../domain/debates/debate-rules';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/class-names';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { FieldError, Label, Textarea } from '../../components/ui/form-controls';
import { useSubmitContribution, type SubmissionBody } from './debate-queries';
import { useAudioRecorder } from './use-audio-recorder';

export interface SubmissionTarget {
  kind: ContributionKind;
  /** The response a rebuttal answers, or the rebuttal a defense answers. */
  parentId?: string;
}

function useSubmit(debateId: string, target: SubmissionTarget, onDone: () => void) {
  const { t } = useTranslation('debates');
  const submit = useSubmitContribution(debateId);
  const send = (body: SubmissionBody) =>
    submit.mutate(
      { kind: target.kind, parentId: target.parentId, body },
      {
        onSuccess: () => {
          toast.success(t('submission.submittedTitle'), { description: t('submission.submitted', { kind: target.kind }) });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            toast.error(error.title ?? t('submission.submitFailed', { kind: target.kind }), { description: error.message });
          } else {
            toast.error(t('submission.submitFailed', { kind: target.kind }));
          }
        },
      },
    );
  return { send, pending: submit.isPending };
}

function TextSubmission({ debateId, target, onDone, onCancel }: { debateId: string; target: SubmissionTarget; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('debates');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { send, pending } = useSubmit(debateId, target, onDone);
  const ids = useId();
  const max = MAX_WORDS[target.kind];
  const words = countWords(text);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // textRefusal refuses an empty text or one with too many words: say which, in the page's language.
    const refusal = textRefusal(target.kind, text);
    setError(refusal === null ? undefined : refusal === DEBATE_MESSAGES.textRequired ? t('submission.textRequired') : t('submission.tooManyWords', { max }));
    if (!refusal) send({ text });
  };

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${ids}-text`}>{t('submission.textLabel', { kind: target.kind })}</Label>
        <Textarea
          id={`${ids}-text`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="min-h-40"
          aria-invalid={!!error}
          aria-describedby={`${ids}-count${error ? ` ${ids}-error` : ''}`}
        />
        <p id={`${ids}-count`} className={cn('text-xs', words > max ? 'text-red-700' : 'text-slate-600')} aria-live="polite">
          {t('submission.wordCount', { max, words })}
        </p>
        <FieldError id={`${ids}-error`}>{error}</FieldError>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('submission.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {t('submission.submit')}
        </Button>
      </div>
    </form>
  );
}

function AudioSubmission({ debateId, target, onDone, onCancel }: { debateId: string; target: SubmissionTarget; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('debates');
  const max = MAX_SECONDS[target.kind];
  const onMicrophoneError = useCallback(() => toast.error(t('submission.errorTitle'), { description: t('submission.microphone') }), [t]);
  const recorder = useAudioRecorder({ maxSeconds: max, onMicrophoneError });
  const { send, pending } = useSubmit(debateId, target, onDone);
  const previewRef = useRef<HTMLAudioElement | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const togglePreview = async () => {
    const audio = previewRef.current;
    if (!audio) return;
    if (!audio.paused) return audio.pause();
    try {
      await audio.play();
    } catch {
      toast.error(t('audio.playFailed'));
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t('submission.maxRecording', { duration: formatSeconds(max) })}</p>
      <div className="flex items-center gap-3">
        <span
          role="timer"
          aria-label={t('submission.recordingTime')}
          className={cn('font-mono text-2xl tabular-nums', recorder.state === 'recording' ? 'text-red-700' : 'text-slate-800')}
        >
          {formatSeconds(recorder.elapsed)}
        </span>
        {recorder.state === 'recording' ? (
          <span className="inline-flex items-center gap-1 text-sm text-red-700">
            <span className="h-2 w-2 animate-pulse rounded-full bg-red-600" aria-hidden="true" /> {t('submission.recording')}
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {recorder.state === 'idle' || recorder.state === 'starting' ? (
          <Button onClick={() => void recorder.start()} disabled={recorder.state === 'starting'}>
            <Mic className="h-4 w-4" aria-hidden="true" /> {t('submission.startRecording')}
          </Button>
        ) : null}
        {recorder.state === 'recording' ? (
          <Button variant="destructive" onClick={recorder.stop}>
            <Square className="h-4 w-4" aria-hidden="true" /> {t('submission.stopRecording')}
          </Button>
        ) : null}
        {recorder.state === 'recorded' && recorder.recording ? (
          <>
            <audio
              ref={previewRef}
              src={recorder.recording.url}
              onPlay={() => setPreviewing(true)}
              onPause={() => setPreviewing(false)}
              onEnded={() => setPreviewing(false)}
              className="hidden"
            />
            <Button variant="outline" onClick={() => void togglePreview()}>
              {previewing ? <Pause className="h-4 w-4" aria-hidden="true" /> : <Play className="h-4 w-4" aria-hidden="true" />}
              {previewing ? t('submission.pausePreview') : t('submission.playPreview')}
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                setPreviewing(false);
                recorder.reset();
              }}
            >
              <RotateCcw className="h-4 w-4" aria-hidden="true" /> {t('submission.reset')}
            </Button>
          </>
        ) : null}
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('submission.cancel')}
        </Button>
        <Button disabled={recorder.state !== 'recorded' || !recorder.recording || pending} onClick={() => recorder.recording && send({ audio: recorder.recording.blob })}>
          {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {t('submission.submitRecording')}
        </Button>
      </div>
    </div>
  );
}

/**
 * 'Submit Your response/rebuttal/defense': a text form with a live word count, or the audio
 * recorder, after the debate's type. Its trigger is given by the caller.
 */
export function SubmissionDialog({
  debateId,
  debateType,
  target,
  trigger,
}: {
  debateId: string;
  debateType: DebateType;
  target: SubmissionTarget;
  /** The button that opens the dialog. */
  trigger: ReactNode;
}) {
  const { t } = useTranslation('debates');
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>{trigger}</DialogTrigger>
        {open ? (
          <DialogContent title={t('submission.title', { kind: target.kind })}>
            {debateType === 'audio' ? (
              <AudioSubmission debateId={debateId} target={target} onDone={close} onCancel={close} />
            ) : (
              <TextSubmission debateId={debateId} target={target} onDone={close} onCancel={close} />
            )}
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
