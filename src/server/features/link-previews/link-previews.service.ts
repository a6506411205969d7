import { eq } from 'drizzle-orm';
import { findBadgeByNameOrSlug } from '../../../domain/badges/catalogue';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { caucuses } from '../../db/schema/caucuses';
import { debates } from '../../db/schema/debates';
import { loggableError, type Logger } from '../../logger';
import { PHOTO_SIZE } from '../../storage/photo-processing';
import { findCaucusByInvitationCode } from '../caucuses/caucuses.service';
import { getPublicProfile } from '../profiles/profiles.service';
import {
  badgePreview,
  caucusPreview,
  debatePreview,
  genericPreview,
  invitationPreview,
  pageHeadHtml,
  profilePreview,
  type PagePreview,
} from './link-preview-meta';
import { matchPreviewPath, type PreviewTarget } from './preview-paths';

export interface LinkPreviewDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The app's public address (settings' BASE_URL, no trailing slash): previews need absolute URLs. */
  baseUrl: string;
}

/** The public facts of a caucus by id: what its invitation page shows a guest (never its password or code). */
export async function findCaucusCard({ db }: Pick<LinkPreviewDeps, 'db'>, caucusId: string) {
  const [row] = await db
    .select({ id: caucuses.id, name: caucuses.name, state: caucuses.state, district: caucuses.district, level: caucuses.level })
    .from(caucuses)
    .where(eq(caucuses.id, caucusId));
  return row ?? null;
}

async function previewOf(deps: LinkPreviewDeps, target: PreviewTarget): Promise<PagePreview | null> {
  switch (target.kind) {
    case 'invitation': {
      const caucus = await findCaucusByInvitationCode(deps, target.code);
      return caucus ? invitationPreview({ ...caucus, invitationCode: target.code }) : null;
    }
    case 'caucus': {
      const caucus = await findCaucusCard(deps, target.id);
      return caucus ? caucusPreview(caucus) : null;
    }
    case 'profile': {
      // A present, confirmed member only: a hidden ("Former member") or unconfirmed account is not described.
      const profile = await getPublicProfile(deps, target.id, { confirmedOnly: true });
      return profile && !profile.isDeleted ? profilePreview({ ...profile, photoSize: PHOTO_SIZE }) : null;
    }
    case 'debate': {
      const [debate] = await deps.db.select({ id: debates.id, title: debates.title, prompt: debates.prompt }).from(debates).where(eq(debates.id, target.id));
      return debate ? debatePreview(debate) : null;
    }
    case 'badge': {
      const badge = findBadgeByNameOrSlug(target.name);
      return badge ? badgePreview(badge) : null;
    }
  }
}

/**
 * The `<head>` tags of the page at `rawPath` (the request's path, still percent-encoded): its
 * own preview for the six described pages, the generic one for any other path, for an unknown
 * or malformed id, and when the lookup fails (logged; the page itself must still load).
 * `described`: its own preview was found, so what the page shows is there (decision 038).
 */
export async function describePage(deps: LinkPreviewDeps, rawPath: string): Promise<{ head: string; described: boolean }> {
  const target = matchPreviewPath(rawPath);
  let preview: PagePreview | null = null;
  if (target) {
    try {
      preview = await previewOf(deps, target);
    } catch (error) {
      deps.logger.warn({ err: loggableError(error), page: target.kind }, 'link preview: lookup failed, generic preview sent');
    }
  }
  return { head: pageHeadHtml(preview ?? genericPreview(), deps.baseUrl), described: preview !== null };
}
