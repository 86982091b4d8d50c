import type { ChangeRow, FileRow, InvitationRow, LeadTimeChangeRow } from './projects.access';
import { proLabel, type PersonRef } from '../accounts/people.reads';

/** Rows to reply bodies (the shapes `project-replies.contract.ts` declares). */

/** The download address of any project file (attachment, delivery or item image). */
export const fileUrl = (projectId: string, fileId: string) =>
  `/api/projects/${projectId}/attachments/${fileId}`;

export const fileReply = (f: FileRow) => ({
  id: f.id,
  name: f.name,
  sizeBytes: f.sizeBytes,
  contentType: f.contentType,
  kind: f.kind as 'attachment' | 'delivery',
  createdAt: f.createdAt.toISOString(),
  uploadedBy: f.uploadedBy ?? '',
  downloadUrl: fileUrl(f.projectId, f.id),
});

export function offerReply(row: InvitationRow, people: Map<string, PersonRef>) {
  const pro = people.get(row.proId);
  return {
    id: row.id,
    projectId: row.projectId,
    status: row.status,
    pro: pro ? { ...pro, label: proLabel(pro.role) } : null,
    priceCents: row.priceCents,
    leadTimeDays: row.leadTimeDays,
    invitedAt: row.invitedAt.toISOString(),
    quotedAt: row.quotedAt?.toISOString() ?? null,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    refusedBy: row.refusedBy ?? null,
  };
}

export const changeReply = (c: ChangeRow) => ({
  id: c.id,
  status: c.status,
  changes: c.changes,
  priceCents: c.priceCents,
  requestedAt: c.requestedAt.toISOString(),
  quotedAt: c.quotedAt?.toISOString() ?? null,
  answeredAt: c.answeredAt?.toISOString() ?? null,
});

export const leadTimeChangeReply = (c: LeadTimeChangeRow) => ({
  id: c.id,
  status: c.status,
  previousDays: c.previousDays,
  leadTimeDays: c.leadTimeDays,
  reason: c.reason,
  requestedAt: c.requestedAt.toISOString(),
  answeredAt: c.answeredAt?.toISOString() ?? null,
});
