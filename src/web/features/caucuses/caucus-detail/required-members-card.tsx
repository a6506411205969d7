import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CAUCUS_MESSAGES, MAX_REQUIRED_MEMBERS } from '../../../../domain/caucuses/caucus-schemas';
import type { CaucusDetail } from '../../../../domain/caucuses/caucus-types';
import { api } from '../../../api/http';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError, Input, Label } from '../../../components/ui/form-controls';
import { messageOf } from './toast-text';

/** Required Members (administrators, level 5 caucus, election open): how many voting seats it has. */
export function RequiredMembersCard({ caucus }: { caucus: CaucusDetail }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [value, setValue] = useState(String(caucus.requiredVotingMembers));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setValue(String(caucus.requiredVotingMembers)), [caucus.requiredVotingMembers]);
  const save = useMutation({
    mutationFn: (requiredVotingMembers: number) =>
      api(`/api/caucuses/${caucus.id}/required-members`, { method: 'PATCH', json: { requiredVotingMembers } }),
    onSuccess: (_data, n) => {
      toast.success('Required members updated', { description: `${caucus.name} now needs ${n} voting members.` });
      void queryClient.invalidateQueries({ queryKey: ['caucuses'] });
    },
    onError: (error) => toast.error('Failed to update required members', { description: messageOf(error, 'Please try again.') }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(value);
    if (!value.trim() || !Number.isInteger(n) || n < 1 || n > MAX_REQUIRED_MEMBERS) return setProblem(CAUCUS_MESSAGES.requiredMembersRange);
    if (n < caucus.votingMemberCount) return setProblem(CAUCUS_MESSAGES.requiredMembersBelowCount(n, caucus.votingMemberCount));
    setProblem(null);
    save.mutate(n);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Required Members</CardTitle>
        <CardDescription>Administrators set how many voting members this level 5 caucus needs.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-2">
          <Label htmlFor={`${ids}-n`}>Required voting members</Label>
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
              Save
            </Button>
          </div>
          <p id={`${ids}-hint`} className="text-xs text-slate-600">
            From {Math.max(1, caucus.votingMemberCount)} (current members) to {MAX_REQUIRED_MEMBERS}.
          </p>
          <FieldError id={`${ids}-error`}>{problem ?? undefined}</FieldError>
        </form>
      </CardContent>
    </Card>
  );
}
