import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { useAlignmentName } from '../../i18n/alignment-name';

/** "California, District 12"; a one-district state reads "Alaska, At-large district" (state names stay in English). */
function locationText(t: TFunction<'profiles'>, state: string, district: number): string {
  if (!state) return '';
  return districtCount(state) === 1 ? t('info.locationAtLarge', { state: stateName(state) }) : t('info.locationDistrict', { state: stateName(state), district });
}


/** Name, email (own), home, level, alignment, tagline and bio (own); editors for the owner. */
export function ProfileInfoCard({ profile, own }: { profile: PublicProfile; own: OwnProfile | null }) {
  const { t } = useTranslation('profiles');
  const edit = useEditProfile();
  const alignmentName = useAlignmentName();
  const firstIssue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
    result.success ? undefined : (result.error?.issues[0]?.message ?? t('info.invalidInput'));

  const [tagline, setTagline] = useState('');
  const [bio, setBio] = useState('');
  const [alignment, setAlignment] = useState({ choice: '', other: '' });
  const [location, setLocation] = useState({ state: '', district: '' });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('info.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100">
          <InlineField field="name" label={t('info.name')}>
            {profile.name}
          </InlineField>
          {own ? (
            <InlineField field="email" label={t('info.email')}>
              {own.email}
            </InlineField>
          ) : null}

          <InlineField
            field="state-district"
            label={t('info.location')}
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
                          <Label htmlFor={fieldId}>{t('info.state')}</Label>
                          <Select
                            id={fieldId}
                            autoFocus
                            value={location.state}
                            onChange={(e) => setLocation({ state: e.target.value, district: '' })}
                          >
                            <option value="">{t('info.selectState')}</option>
                            {STATES.map((s) => (
                              <option key={s.code} value={s.code}>
                                {s.name}
                              </option>
                            ))}
                          </Select>
                        </div>
                        <div className="space-y-1">
                          <Label htmlFor={`${fieldId}-district`}>{t('info.district')}</Label>
                          <Select
                            id={`${fieldId}-district`}
                            value={location.district}
                            disabled={!location.state}
                            onChange={(e) => setLocation((l) => ({ ...l, district: e.target.value }))}
                          >
                            <option value="">{t('info.selectDistrict')}</option>
                            {districtsOf(location.state).map((d) => (
                              <option key={d} value={String(d)}>
                                {t('info.districtOption', { district: d })}
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
            {locationText(t, profile.state, profile.district) || <Empty>{t('info.notSpecified')}</Empty>}
          </InlineField>

          <InlineField field="level" label={t('info.level')}>
            {t('info.levelValue', { level: profile.level })}
          </InlineField>

          <InlineField
            field="political-alignment"
            label={t('info.alignment')}
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
                          <option value="">{t('info.selectAlignment')}</option>
                          {ALIGNMENTS.map((a) => (
                            <option key={a} value={a}>
                              {alignmentName(a)}
                            </option>
                          ))}
                        </Select>
                        {alignment.choice === 'Other' ? (
                          <div className="space-y-1">
                            <Label htmlFor={`${fieldId}-other`}>{t('info.describeAlignment')}</Label>
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
            {profile.politicalAlignment ? (
              alignmentName(profile.politicalAlignment)
            ) : (
              <Empty>{t('info.notSpecified')}</Empty>
            )}
          </InlineField>

          <InlineField
            field="tagline"
            label={t('info.tagline')}
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
                          placeholder={t('info.taglinePlaceholder')}
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
            {profile.tagline || <Empty>{t('info.noTagline')}</Empty>}
          </InlineField>

          {own ? (
            <InlineField
              field="bio"
              label={t('info.bio')}
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
                      placeholder={t('info.bioPlaceholder')}
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
              {own.bio ? <p className="whitespace-pre-wrap">{own.bio}</p> : <Empty>{t('info.noBio')}</Empty>}
            </InlineField>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
