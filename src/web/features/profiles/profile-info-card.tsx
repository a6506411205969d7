import { useState } from 'react';
import { districtCount, districtsOf, stateName, STATES } from '../../../domain/geography/states';
import { ALIGNMENTS, OTHER_ALIGNMENT_MAX, splitAlignment } from '../../../domain/profiles/alignment';
import { BIO_MAX, TAGLINE_MAX } from '../../../domain/profiles/limits';
import {
  updateAlignmentSchema,
  updateBioSchema,
  updateLocationSchema,
  updateTaglineSchema,
} from '../../../domain/profiles/profile-schemas';
import type { OwnProfile, PublicProfile } from '../../../domain/profiles/profile-types';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { CharacterCount, Input, Label, Select, Textarea } from '../../components/ui/form-controls';
import { Empty, InlineField } from './inline-field';
import { useEditProfile } from './profile-queries';

/** "California, District 12"; a one-district state reads "Alaska, At-large district". */
export function locationText(state: string, district: number): string {
  if (!state) return '';
  return districtCount(state) === 1 ? `${stateName(state)}, At-large district` : `${stateName(state)}, District ${district}`;
}

const firstIssue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : (result.error?.issues[0]?.message ?? 'Invalid input');

/** Name, email (own), home, level, alignment, tagline and bio (own); editors for the owner. */
export function ProfileInfoCard({ profile, own }: { profile: PublicProfile; own: OwnProfile | null }) {
  const edit = useEditProfile();

  const [tagline, setTagline] = useState('');
  const [bio, setBio] = useState('');
  const [alignment, setAlignment] = useState({ choice: '', other: '' });
  const [location, setLocation] = useState({ state: '', district: '' });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100">
          <InlineField label="Name">{profile.name}</InlineField>
          {own ? <InlineField label="Email">{own.email}</InlineField> : null}

          <InlineField
            label="State & District"
            editor={
              own
                ? {
                    lockedReason: own.locationLockReason,
                    reset: () => setLocation({ state: own.state, district: String(own.district) }),
                    canSave: !!location.state && !!location.district,
                    save: async () => {
                      const body = { state: location.state, district: Number(location.district) };
                      const refusal = firstIssue(updateLocationSchema.safeParse(body));
                      if (refusal) return refusal;
                      await edit.mutateAsync({ field: 'location', body });
                    },
                    render: (fieldId) => (
                      <div className="grid gap-2 sm:grid-cols-2">
                        <div className="space-y-1">
                          <Label htmlFor={fieldId}>State</Label>
                          <Select
                            id={fieldId}
                            autoFocus
                            value={location.state}
                            onChange={(e) => setLocation({ state: e.target.value, district: '' })}
                          >
                            <option value="">Select a state</option>
                            {STATES.map((s) => (
                              <option key={s.code} value={s.code}>
                                {s.name}
                              </option>
                            ))}
                          </Select>
                        </div>
                        <div className="space-y-1">
                          <Label htmlFor={`${fieldId}-district`}>District</Label>
                          <Select
                            id={`${fieldId}-district`}
                            value={location.district}
                            disabled={!location.state}
                            onChange={(e) => setLocation((l) => ({ ...l, district: e.target.value }))}
                          >
                            <option value="">Select a district</option>
                            {districtsOf(location.state).map((d) => (
                              <option key={d} value={String(d)}>
                                District {d}
                              </option>
                            ))}
                          </Select>
                        </div>
                      </div>
                    ),
                  }
                : undefined
            }
          >
            {locationText(profile.state, profile.district) || <Empty>Not specified</Empty>}
          </InlineField>

          <InlineField label="Level">Level {profile.level}</InlineField>

          <InlineField
            label="Political Alignment"
            editor={
              own
                ? {
                    reset: () => setAlignment(splitAlignment(own.politicalAlignment)),
                    canSave: !!alignment.choice && (alignment.choice !== 'Other' || alignment.other.trim().length > 0),
                    save: async () => {
                      const body =
                        alignment.choice === 'Other'
                          ? { alignment: alignment.choice, otherAlignment: alignment.other }
                          : { alignment: alignment.choice };
                      const refusal = firstIssue(updateAlignmentSchema.safeParse(body));
                      if (refusal) return refusal;
                      await edit.mutateAsync({ field: 'alignment', body });
                    },
                    render: (fieldId) => (
                      <div className="space-y-2">
                        <Select
                          id={fieldId}
                          autoFocus
                          value={alignment.choice}
                          onChange={(e) => setAlignment((a) => ({ ...a, choice: e.target.value }))}
                        >
                          <option value="">Select an alignment</option>
                          {ALIGNMENTS.map((a) => (
                            <option key={a} value={a}>
                              {a}
                            </option>
                          ))}
                        </Select>
                        {alignment.choice === 'Other' ? (
                          <div className="space-y-1">
                            <Label htmlFor={`${fieldId}-other`}>Describe your alignment</Label>
                            <Input
                              id={`${fieldId}-other`}
                              value={alignment.other}
                              maxLength={OTHER_ALIGNMENT_MAX}
                              onChange={(e) => setAlignment((a) => ({ ...a, other: e.target.value }))}
                            />
                          </div>
                        ) : null}
                      </div>
                    ),
                  }
                : undefined
            }
          >
            {profile.politicalAlignment || <Empty>Not specified</Empty>}
          </InlineField>

          <InlineField
            label="Tagline"
            editor={
              own
                ? {
                    reset: () => setTagline(own.tagline),
                    canSave: tagline.length <= TAGLINE_MAX,
                    save: async () => {
                      const refusal = firstIssue(updateTaglineSchema.safeParse({ tagline }));
                      if (refusal) return refusal;
                      await edit.mutateAsync({ field: 'tagline', body: { tagline } });
                    },
                    render: (fieldId) => (
                      <div>
                        <Input
                          id={fieldId}
                          autoFocus
                          value={tagline}
                          maxLength={TAGLINE_MAX}
                          placeholder="A line about you"
                          aria-describedby={`${fieldId}-count`}
                          onChange={(e) => setTagline(e.target.value)}
                        />
                        <div id={`${fieldId}-count`}>
                          <CharacterCount value={tagline} max={TAGLINE_MAX} />
                        </div>
                      </div>
                    ),
                  }
                : undefined
            }
          >
            {profile.tagline || <Empty>No tagline set</Empty>}
          </InlineField>

          {own ? (
            <InlineField
              label="Bio"
              editor={{
                reset: () => setBio(own.bio),
                canSave: bio.length <= BIO_MAX,
                save: async () => {
                  const refusal = firstIssue(updateBioSchema.safeParse({ bio }));
                  if (refusal) return refusal;
                  await edit.mutateAsync({ field: 'bio', body: { bio } });
                },
                render: (fieldId) => (
                  <div>
                    <Textarea
                      id={fieldId}
                      autoFocus
                      rows={6}
                      value={bio}
                      maxLength={BIO_MAX}
                      placeholder="Tell other voters about yourself"
                      aria-describedby={`${fieldId}-count`}
                      onChange={(e) => setBio(e.target.value)}
                    />
                    <div id={`${fieldId}-count`}>
                      <CharacterCount value={bio} max={BIO_MAX} />
                    </div>
                  </div>
                ),
              }}
            >
              {own.bio ? <p className="whitespace-pre-wrap">{own.bio}</p> : <Empty>No bio provided</Empty>}
            </InlineField>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
