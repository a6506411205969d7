import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Loader2, Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CAUCUS_MESSAGES, platformLinkSchema } from '../../../../domain/caucuses/caucus-schemas';
import type { CaucusDetail } from '../../../../domain/caucuses/caucus-types';
import { api } from '../../../api/http';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/form-controls';
import { detailKey } from './caucus-detail-query';
import { messageOf } from './toast-text';
import { useAdoptTypedText } from '../../../components/page-form';

/** The start of a web address, as the empty field's hint (the same in every language). */
const URL_PLACEHOLDER = 'https://';

/** The platform link, and its inline editor for those the server lets edit it (`viewer.canEditPlatformLink`). */
export function PlatformLink({ caucus }: { caucus: CaucusDetail }) {
  const { t } = useTranslation('caucus-detail');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(caucus.platformLink ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const ids = useId();
  // A link typed before the app adopted the page the server drew (decision 022) stays.
  useAdoptTypedText(form, { [`${ids}-link`]: value }, (shown) => setValue(shown[`${ids}-link`]!));
  const save = useMutation({
    mutationFn: (platformLink: string) =>
      api(`/api/caucuses/${caucus.id}/platform-link`, { method: 'PATCH', json: { platformLink } }),
    onSuccess: () => {
      toast.success(t('platformLink.updated'));
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: detailKey(caucus.id) });
    },
    onError: (error) => toast.error(t('platformLink.updateFailed', { message: messageOf(error, t('platformLink.unexpectedError')) })),
  });
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  const canEdit = !!caucus.viewer?.canEditPlatformLink;
  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        {caucus.platformLink ? (
          <a href={caucus.platformLink} target="_blank" rel="noopener noreferrer" className="inline-flex min-w-0 items-center gap-1 text-sm break-all text-navy-700 underline">
            {caucus.platformLink}
            <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">{t('platformLink.newTab')}</span>
          </a>
        ) : (
          <span className="text-sm text-slate-600">{t('platformLink.none')}</span>
        )}
        {canEdit ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('platformLink.editLabel')}
            onClick={() => {
              setValue(caucus.platformLink ?? '');
              setProblem(null);
              setEditing(true);
            }}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" /> {t('platformLink.edit')}
          </Button>
        ) : null}
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = platformLinkSchema.safeParse({ platformLink: value });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? CAUCUS_MESSAGES.platformLinkEmpty);
      input.current?.focus();
      return;
    }
    setProblem(null);
    save.mutate(parsed.data.platformLink);
  };
  return (
    <form ref={form} method="post" onSubmit={submit} noValidate className="space-y-2">
      <Label htmlFor={`${ids}-link`} className="sr-only">
        {t('platformLink.fieldLabel')}
      </Label>
      <Input
        ref={input}
        id={`${ids}-link`}
        type="url"
        inputMode="url"
        maxLength={500}
        placeholder={URL_PLACEHOLDER}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${ids}-error` : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setEditing(false);
        }}
      />
      <FieldError id={`${ids}-error`}>{problem ?? undefined}</FieldError>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {save.isPending ? t('platformLink.saving') : t('platformLink.save')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setEditing(false)} disabled={save.isPending}>
          {t('platformLink.cancel')}
        </Button>
      </div>
    </form>
  );
}
