import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { documented } from '../../http/api-docs';
import { notFound } from '../../http/app-error';
import { allowEmbedding } from '../../http/security';
import { getCaucusShareImage, type ShareImageDeps } from './share-images.service';

export const SHARE_IMAGE_NOT_FOUND = 'Image not found';

/** `{caucus id}.png`; anything else names no image (a 404 like an unknown id). */
export const shareImageParam = z.object({
  file: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/i),
});

/** Previews cache the image; its address changes (`?v=`) when what it shows changes. */
const CACHE_CONTROL = 'public, max-age=86400';

/** The public share images of link previews (decision 020), outside /api: no session, no cookies read. */
export function shareImageRoutes(deps: ShareImageDeps) {
  const app = new Hono();

  app.get(
    '/share/caucus/:file',
    documented({ access: 'public',
      summary: "A caucus's share image for link previews",
      description: 'The file is `{caucus id}.png`. Public, cached for a day; the address changes (`?v=`) when the image does. Answers 304 when If-None-Match names the current ETag.',
      tags: ['Link previews'],
      responses: {
        200: { description: 'The image (1200×630 PNG)', mediaType: 'image/png', binary: true },
        304: { description: 'Not modified: the image the caller holds is current' },
      },
    }),
    zValidator('param', shareImageParam, (result) => {
      if (!result.success) throw notFound(SHARE_IMAGE_NOT_FOUND);
    }),
    async (c) => {
      const caucusId = c.req.valid('param').file.slice(0, -'.png'.length).toLowerCase();
      const image = await getCaucusShareImage(deps, caucusId);
      if (!image) throw notFound(SHARE_IMAGE_NOT_FOUND);
      allowEmbedding(c);
      const etag = `"${image.version}"`;
      const headers = { ETag: etag, 'Cache-Control': CACHE_CONTROL };
      if (c.req.header('if-none-match')?.split(',').some((tag) => tag.trim() === etag)) return c.body(null, 304, headers);
      return c.body(new Uint8Array(image.png), 200, { ...headers, 'Content-Type': 'image/png' });
    },
  );

  return app;
}
