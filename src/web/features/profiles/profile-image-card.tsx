import { Camera, LoaderCircle } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PHOTO_MAX_BYTES } from '../../../domain/profiles/limits';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Avatar } from '../../components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useUploadPhoto } from './profile-queries';

/** The photo (or initials); the owner may upload a new one. */
export function ProfileImageCard({ name, photoUrl, isOwner }: { name: string; photoUrl: string | null; isOwner: boolean }) {
  const { t } = useTranslation('profiles');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again fires a change
    if (!file) return;
    // Quick checks for a friendly answer; the server checks the bytes and decides.
    if (!file.type.startsWith('image/')) {
      toast.error(t('image.invalidType'), { description: t('image.invalidTypeDescription') });
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      toast.error(t('image.tooLarge'), { description: t('image.tooLargeDescription') });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success(t('image.uploaded'), { description: t('image.uploadedDescription') }),
      onError: (error) => {
        console.error('Photo upload failed', error);
        toast.error(t('image.uploadFailed'), { description: error instanceof ApiError ? error.message : t('image.unexpectedError') });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('image.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4">
        <div className="relative">
          <Avatar name={name} photoUrl={photoUrl} />
          {upload.isPending ? (
            <div className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70" role="status" aria-label={t('image.uploadingLabel')}>
              <LoaderCircle className="h-8 w-8 animate-spin text-navy-700" aria-hidden="true" />
            </div>
          ) : null}
        </div>
        {isOwner ? (
          <>
            <input ref={input} type="file" accept="image/*" className="hidden" onChange={onFile} tabIndex={-1} aria-hidden="true" />
            <Button variant="outline" onClick={() => input.current?.click()} disabled={upload.isPending} className="w-full sm:w-auto">
              <Camera className="h-4 w-4" aria-hidden="true" />
              {upload.isPending ? t('image.uploading') : photoUrl ? t('image.change') : t('image.upload')}
            </Button>
            <p className="text-center text-xs text-slate-600">{t('image.formats')}</p>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
