import { z } from 'zod';
import { MAX_DISTRICT, STATE_CODES, isValidDistrict } from '../geography/states';
import { multiLineText, singleLineText } from '../text/text-schema';
import { ALIGNMENTS, OTHER_ALIGNMENT_MAX } from './alignment';
import { BIO_MAX, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, TAGLINE_MAX } from './limits';

export const MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  passwordsDoNotMatch: 'Passwords do not match',
  taglineTooLong: `Tagline must be ${TAGLINE_MAX} characters or less`,
  bioTooLong: `Bio must be ${BIO_MAX} characters or less`,
  invalidState: 'Please choose one of the 50 states',
  invalidDistrict: "Please choose a district within the state's range",
  invalidAlignment: 'Please choose a political alignment',
  otherAlignmentRequired: 'Please describe your political alignment',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  invalidReferrer: 'This referral link is not valid',
  deleteConfirm: "Please type 'delete' to confirm deletion.",
} as const;

const requiredText = (max: number) =>
  singleLineText({ error: MESSAGES.requiredFields }).trim().min(1, MESSAGES.requiredFields).max(max);

export const stateSchema = z.enum(STATE_CODES, { error: MESSAGES.invalidState });
export const districtSchema = z.coerce
  .number({ error: MESSAGES.invalidDistrict })
  .int(MESSAGES.invalidDistrict)
  .min(1, MESSAGES.invalidDistrict)
  .max(MAX_DISTRICT, MESSAGES.invalidDistrict);

export const alignmentChoiceSchema = z.enum(ALIGNMENTS, { error: MESSAGES.invalidAlignment });

/** Location (state + district in range) as one object, so the district is checked against the state. */
export const locationSchema = z
  .object({ state: stateSchema, district: districtSchema })
  .refine((v) => isValidDistrict(v.state, v.district), {
    message: MESSAGES.invalidDistrict,
    path: ['district'],
  });

/** The server-side sign-up fields beyond email and password (better-auth additional fields). */
export const signUpProfileSchema = z
  .object({
    name: requiredText(NAME_MAX),
    politicalAlignment: singleLineText({ error: MESSAGES.requiredFields }).trim().min(1, MESSAGES.requiredFields).max(OTHER_ALIGNMENT_MAX),
    state: stateSchema,
    district: districtSchema,
    recruitedBy: z.uuid({ error: MESSAGES.invalidReferrer }).nullish(),
  })
  .refine((v) => isValidDistrict(v.state, v.district), {
    message: MESSAGES.invalidDistrict,
    path: ['district'],
  });

/** The register form as the browser fills it. */
export const registerFormSchema = z
  .object({
    name: requiredText(NAME_MAX),
    email: singleLineText().trim().min(1, MESSAGES.requiredFields).max(EMAIL_MAX).pipe(z.email(MESSAGES.invalidEmail)),
    password: singleLineText().min(1, MESSAGES.requiredFields).min(PASSWORD_MIN, MESSAGES.passwordTooShort).max(PASSWORD_MAX),
    confirmPassword: singleLineText().min(1, MESSAGES.requiredFields),
    alignment: singleLineText().min(1, MESSAGES.requiredFields),
    otherAlignment: singleLineText().max(OTHER_ALIGNMENT_MAX).optional(),
    state: singleLineText().min(1, MESSAGES.requiredFields),
    district: singleLineText().min(1, MESSAGES.requiredFields),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
    }
    if (v.alignment === 'Other' && !(v.otherAlignment ?? '').trim()) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.otherAlignmentRequired, path: ['otherAlignment'] });
    }
    if (v.state && v.district && !isValidDistrict(v.state, Number(v.district))) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidDistrict, path: ['district'] });
    }
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const updateTaglineSchema = z.object({
  tagline: singleLineText({ error: MESSAGES.taglineTooLong }).trim().max(TAGLINE_MAX, MESSAGES.taglineTooLong),
});
export const updateBioSchema = z.object({
  bio: multiLineText({ error: MESSAGES.bioTooLong }).trim().max(BIO_MAX, MESSAGES.bioTooLong),
});
export const updateAlignmentSchema = z
  .object({
    alignment: alignmentChoiceSchema,
    otherAlignment: singleLineText().trim().max(OTHER_ALIGNMENT_MAX).optional(),
  })
  .refine((v) => v.alignment !== 'Other' || (v.otherAlignment ?? '').length > 0, {
    message: MESSAGES.otherAlignmentRequired,
    path: ['otherAlignment'],
  });
export const updateLocationSchema = locationSchema;

export const deleteProfileSchema = z.object({
  confirmation: singleLineText().max(100, MESSAGES.deleteConfirm).refine((v) => v.trim().toLowerCase() === 'delete', MESSAGES.deleteConfirm),
});

/** True when the text typed in the delete dialog confirms deletion ('delete', any case). */
export function isDeleteConfirmation(text: string): boolean {
  return text.trim().toLowerCase() === 'delete';
}
