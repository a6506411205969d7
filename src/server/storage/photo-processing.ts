import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { PHOTO_MAX_BYTES } from '../../domain/profiles/limits';
import { AppError } from '../http/app-error';

export const PHOTO_ERRORS = {
  invalidType: { title: 'Invalid file type', message: 'Please select an image file' },
  tooLarge: { title: 'File too large', message: 'Please select an image smaller than 5MB' },
} as const;

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff']);
export const PHOTO_SIZE = 512;

/**
 * Checks an upload by its bytes (not its name or declared type) and re-encodes it as a
 * square WebP. sharp writes no metadata unless asked, so EXIF (and its GPS location) is gone.
 */
export async function reencodePhoto(bytes: Buffer): Promise<{ bytes: Buffer; contentType: 'image/webp' }> {
  if (bytes.length > PHOTO_MAX_BYTES) {
    throw new AppError(413, 'file_too_large', PHOTO_ERRORS.tooLarge.message, { title: PHOTO_ERRORS.tooLarge.title });
  }
  // A truncated or garbage file can make file-type throw (EndOfStreamError): it is no image either.
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (!detected || !ACCEPTED.has(detected.mime)) {
    throw new AppError(400, 'invalid_file_type', PHOTO_ERRORS.invalidType.message, { title: PHOTO_ERRORS.invalidType.title });
  }
  try {
    const out = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
    return { bytes: out, contentType: 'image/webp' };
  } catch {
    throw new AppError(400, 'invalid_file_type', PHOTO_ERRORS.invalidType.message, { title: PHOTO_ERRORS.invalidType.title });
  }
}
