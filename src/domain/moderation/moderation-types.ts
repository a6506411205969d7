import type { ModerationState, ReportItemKind } from './moderation-rules';

/** What the API sends about trust and safety (issue 14), shared by server and web. */

export interface BlockedPerson {
  id: string;
  name: string;
  photoUrl: string | null;
  blockedAt: string;
}

export interface BlockResult {
  blocked: true;
  /** Caucuses both people are members of: blocking changes nothing there (the page says so). */
  sharedCaucuses: number;
}

export interface ModerationQueueItem {
  itemKind: ReportItemKind;
  itemId: string;
  itemLabel: string;
  state: ModerationState;
  hiddenByReports: boolean;
  openReports: number;
  countedReports: number;
  lastReportedAt: string;
  author: { id: string; name: string; suspendedUntil: string | null } | null;
  /** The item in context: its words, where it stands, and a link into the app when there is one. */
  context: { text: string; where: string; link: string | null };
  reports: Array<{ id: string; reporterName: string; reason: string; note: string | null; counted: boolean; createdAt: string }>;
}

export interface AdminLogEntryView {
  id: number;
  actorId: string | null;
  actorName: string;
  action: string;
  actionLabel: string;
  targetKind: string | null;
  targetId: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

export interface AdminLogPage {
  items: AdminLogEntryView[];
  nextCursor: string | null;
}
