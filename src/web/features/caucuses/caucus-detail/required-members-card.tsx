import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MAX_REQUIRED_MEMBERS } from '../../../../domain/caucuses/caucus-schemas';
import type { CaucusDetail } from '../../../../domain/caucuses/caucus-types';
import { api } from '../../../api/http';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError, Input, Label } from '../../../components/ui/form-controls';
import { messageOf } from './toast-text';
import { useConfirmIdentity } from '../../account-security/use-confirm-identity';

/** Required Members (administrators, level 5 caucus, election open): how many voting seats it has. */
export function RequiredMembersCard({ caucus }: { caucus: CaucusDetail }) {
  const { t } = useTranslation('caucus-detail');
  const queryClient = useQueryClient();
  const ids = useId();
  const [value, setValue] = useState(String(caucus.requiredVotingMembers));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setValue(String(caucus.requiredVotingMembers)), [caucus.requiredVotingMembers]);
  const { run, dialog } = useConfirmIdentity();
  const save = useMutation({
    // An administrator's action asks again when the last proof is old (issue 32).
    mutationFn: (requiredVotingMembers: number) =>
      run(() => api(`/api/caucuses/${caucus.id}/required-members`, { method: 'PATCH', json: { requiredVotingMembers } })),
    onSuccess: (_data, n) => {
      toast.success(t('requiredMembers.updated'), { description: t('requiredMembers.updatedDescription', { name: caucus.name, count: n }) });
      void queryClient.invalidateQueries({ queryKey: ['caucuses'] });
    },
    onError: (error) => toast.error(t('requiredMembers.failed'), { description: messageOf(error, t('requiredMembers.tryAgain')) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(value);
    // The words of CAUCUS_MESSAGES.requiredMembersRange and requiredMembersBelowCount, in the page's language.
    if (!value.trim() || !Number.isInteger(n) || n < 1 || n > MAX_REQUIRED_MEMBERS) return setProblem(t('requiredMembers.range', { max: MAX_REQUIRED_MEMBERS }));
    if (n < caucus.votingMemberCount) return setProblem(t('requiredMembers.belowCount', { required: n, current: caucus.votingMemberCount }));
    setProblem(null);
    save.mutate(n);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('requiredMembers.title')}</CardTitle>
        <CardDescription>{t('requiredMembers.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {dialog}
        <form method="post" onSubmit={submit} noValidate className="space-y-2">
          <Label htmlFor={`${ids}-n`}>{t('requiredMembers.label')}</Label>
          <div className="flex gap-2">
            <Input
              id={`${ids}-n`}
              type="number"
              inputMode="numeric"
              min={Math.max(1, caucus.votingMemberCount)}
              max={MAX_REQUIRED_MEMBERS}
              value={value}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${ids}-hint${problem ? ` ${ids}-error` : ''}`}
              onChange={(e) => {
                setValue(e.target.value);
                setProblem(null);
              }}
              className="w-28"
            />
            <Button type="submit" disabled={save.isPending || value === String(caucus.requiredVotingMembers)}>
              {save.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {t('requiredMembers.save')}
            </Button>
          </div>
          <p id={`${ids}-hint`} className="text-xs text-slate-600">
            {t('requiredMembers.hint', { min: Math.max(1, caucus.votingMemberCount), max: MAX_REQUIRED_MEMBERS })}
          </p>
          <FieldError id={`${ids}-error`}>{problem ?? undefined}</FieldError>
        </form>
      </CardContent>
    </Card>
  );
}
