import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityItem, DeleteOutcome, EarnedBadge, OwnProfile, PhotoUpload, PublicProfile } from '../../../domain/profiles/profile-types';
import { api } from '../../api/http';
import { SESSION_KEY } from '../session/use-session';

export const profileKeys = {
  public: (userId: string) => ['profiles', userId] as const,
  activities: (userId: string) => ['profiles', userId, 'activities'] as const,
  badges: (userId: string) => ['profiles', userId, 'badges'] as const,
};

/** Someone's public profile (never email, bio or verified status). */
export function usePublicProfile(userId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: profileKeys.public(userId ?? ''),
    queryFn: ({ signal }) => api<PublicProfile>(`/api/profiles/${encodeURIComponent(userId!)}`, { signal }),
    enabled: enabled && !!userId,
  });
}

/** The 10 newest activities of a user. */
export function useActivities(userId: string | undefined) {
  return useQuery({
    queryKey: profileKeys.activities(userId ?? ''),
    queryFn: ({ signal }) => api<ActivityItem[]>(`/api/profiles/${encodeURIComponent(userId!)}/activities`, { signal }),
    enabled: !!userId,
  });
}

/** Every badge a user earned, newest first. */
export function useEarnedBadges(userId: string | undefined) {
  return useQuery({
    queryKey: profileKeys.badges(userId ?? ''),
    queryFn: ({ signal }) => api<EarnedBadge[]>(`/api/profiles/${encodeURIComponent(userId!)}/badges`, { signal }),
    enabled: !!userId,
  });
}

export type ProfileEdit =
  | { field: 'tagline'; body: { tagline: string } }
  | { field: 'bio'; body: { bio: string } }
  | { field: 'alignment'; body: { alignment: string; otherAlignment?: string } }
  | { field: 'location'; body: { state: string; district: number } };

/** One inline editor's save: PATCH /api/me/{field}; the answer is the fresh own profile. */
export function useEditProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: ProfileEdit) => api<OwnProfile>(`/api/me/${edit.field}`, { method: 'PATCH', json: edit.body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(SESSION_KEY, profile);
      void queryClient.invalidateQueries({ queryKey: profileKeys.public(profile.id), exact: true });
    },
  });
}

/** Uploads a new profile photo (the server checks the bytes and re-encodes it). */
export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('photo', file, file.name);
      return api<PhotoUpload>('/api/me/photo', { method: 'POST', formData: form });
    },
    onSuccess: ({ photoUrl }) => {
      queryClient.setQueryData<OwnProfile | null>(SESSION_KEY, (old) => (old ? { ...old, photoUrl } : old));
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}

/** Deletes (or hides) the own profile; the caller signs out afterwards. */
export function useDeleteProfile() {
  return useMutation({
    mutationFn: (confirmation: string) => api<DeleteOutcome>('/api/me', { method: 'DELETE', json: { confirmation } }),
  });
}
