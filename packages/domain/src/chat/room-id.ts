/**
 * Chat room ids (spec section 3): creator id + designer id + project id + 4 digits from the project's
 * creation time.
 *
 * The 4 digits are the LAST FOUR DIGITS OF THE PROJECT'S CREATION TIME IN EPOCH MILLISECONDS (UTC),
 * zero-padded, e.g. 2025-03-14T10:30:00.123Z = 1741948200123 ms → "0123". They are fixed once the
 * project exists, so the same three parties on the same project always meet in the same room, while a
 * project re-created with the same ids (after a delete) gets a different room.
 *
 * The parts are joined with '_' so the id can be read back without guessing where one id ends
 * ("1" + "23" and "12" + "3" would otherwise collide); ids may therefore not contain '_'.
 * "Designer" is the project's pro: the designer, or the service provider on service projects.
 */

const SEPARATOR = '_';

export interface ChatRoomIdInput {
  creatorId: string | number;
  /** The designer or service provider of the conversation. */
  designerId: string | number;
  projectId: string | number;
  /** The project's creation time: a Date, an ISO string or epoch milliseconds (UTC). */
  projectCreatedAt: Date | string | number;
}

export interface ChatRoomIdParts {
  creatorId: string;
  designerId: string;
  projectId: string;
  /** The 4 digits taken from the project's creation time. */
  createdAtDigits: string;
}

/** The last 4 digits of the creation time in epoch milliseconds, zero-padded. */
export function creationTimeDigits(projectCreatedAt: Date | string | number): string {
  const ms =
    projectCreatedAt instanceof Date
      ? projectCreatedAt.getTime()
      : typeof projectCreatedAt === 'number'
        ? projectCreatedAt
        : Date.parse(projectCreatedAt);
  if (!Number.isFinite(ms) || ms < 0)
    throw new RangeError(`Invalid project creation time: ${String(projectCreatedAt)}`);
  return String(Math.trunc(ms) % 10_000).padStart(4, '0');
}

function idPart(name: string, value: string | number): string {
  const text = String(value).trim();
  if (text === '' || text.includes(SEPARATOR) || /\s/.test(text)) {
    throw new RangeError(`Invalid ${name} for a chat room id: ${JSON.stringify(String(value))}`);
  }
  return text;
}

/** The room id of one project conversation; the same input always gives the same id. */
export function chatRoomId(input: ChatRoomIdInput): string {
  return [
    idPart('creatorId', input.creatorId),
    idPart('designerId', input.designerId),
    idPart('projectId', input.projectId),
    creationTimeDigits(input.projectCreatedAt),
  ].join(SEPARATOR);
}

/** Reads a room id back into its parts; null when it is not a room id. */
export function parseChatRoomId(roomId: string): ChatRoomIdParts | null {
  const parts = roomId.split(SEPARATOR);
  if (parts.length !== 4) return null;
  const [creatorId, designerId, projectId, createdAtDigits] = parts as [string, string, string, string];
  if (!creatorId || !designerId || !projectId || !/^\d{4}$/.test(createdAtDigits)) return null;
  if ([creatorId, designerId, projectId].some((p) => /\s/.test(p))) return null;
  return { creatorId, designerId, projectId, createdAtDigits };
}
