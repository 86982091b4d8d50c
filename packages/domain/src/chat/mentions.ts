/**
 * @mentions (spec sections 2 and 5): typing @ opens a list of the room's participants (production team,
 * designer or service provider, creator, in that order); picking one inserts "@Full Name". On send the
 * server reads the mentions back out of the text to e-mail the people mentioned.
 */

export type ParticipantRole = 'product' | 'designer' | 'service' | 'user';

export interface ChatParticipant {
  id: string;
  role: ParticipantRole;
  firstName?: string | null;
  lastName?: string | null;
  profileImage?: string | null;
}

export interface MentionOption {
  id: string;
  role: ParticipantRole;
  fullName: string;
  /** Shown when there is no profile image. */
  initials: string;
  profileImage: string | null;
}

/** The order of the mention list: production team, the pro (designer or service provider), the creator. */
const ROLE_ORDER: Readonly<Record<ParticipantRole, number>> = {
  product: 0,
  designer: 1,
  service: 1,
  user: 2,
};

export function participantFullName(participant: Pick<ChatParticipant, 'firstName' | 'lastName'>): string {
  return [participant.firstName, participant.lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** First letters of the first and last name, upper-cased; 'A' when neither is known. */
export function participantInitials(participant: Pick<ChatParticipant, 'firstName' | 'lastName'>): string {
  const letters = [participant.firstName, participant.lastName]
    .map((part) => [...(part ?? '').trim()][0] ?? '')
    .join('')
    .toLocaleUpperCase();
  return letters || 'A';
}

function matchesQuery(name: string, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  const n = name.toLocaleLowerCase();
  // "an" finds Anna Smith and Joan Anders by a word's start; "anna s" finds Anna Smith.
  return n.startsWith(q) || n.split(/\s+/).some((word) => word.startsWith(q));
}

/**
 * The mention list for the text typed after @: participants in spec order, filtered by a name starting
 * with the query (the full name or any word of it). `excludeId` leaves out the person typing.
 */
export function buildMentionList(
  participants: readonly ChatParticipant[],
  query = '',
  options: { excludeId?: string } = {},
): MentionOption[] {
  return participants
    .map((p, index) => ({ p, index }))
    .filter(
      ({ p }) =>
        p.id !== options.excludeId &&
        participantFullName(p) !== '' &&
        matchesQuery(participantFullName(p), query),
    )
    .sort((a, b) => ROLE_ORDER[a.p.role] - ROLE_ORDER[b.p.role] || a.index - b.index)
    .map(({ p }) => ({
      id: p.id,
      role: p.role,
      fullName: participantFullName(p),
      initials: participantInitials(p),
      profileImage: p.profileImage ?? null,
    }));
}

const NAME_CHAR = /[\p{L}\p{N}_]/u;

/**
 * Ids of the participants mentioned as "@Full Name" in a message, in order of first mention, without
 * repeats. Case does not matter; the name must end at a non-name character, and where two names fit
 * ("@Anna" and "@Anna Smith") the longer one wins.
 */
export function findMentions(message: string, participants: readonly ChatParticipant[]): string[] {
  const candidates = participants
    .map((p) => ({ id: p.id, name: participantFullName(p).toLocaleLowerCase() }))
    .filter((c) => c.name !== '')
    .sort((a, b) => b.name.length - a.name.length);
  const text = message.toLocaleLowerCase();
  const found: string[] = [];
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    if (at > 0 && NAME_CHAR.test(text[at - 1]!)) continue; // part of an address, not a mention
    const rest = text.slice(at + 1);
    const hit = candidates.find(
      (c) => rest.startsWith(c.name) && !NAME_CHAR.test(rest[c.name.length] ?? ' '),
    );
    if (hit && !found.includes(hit.id)) found.push(hit.id);
  }
  return found;
}

/**
 * The mention being typed at the caret: the text after an @ that starts a word, up to the caret, when
 * it holds no line break and at most 3 words; null when the caret is not in a mention.
 */
export function activeMentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at === -1 || (at > 0 && !/\s/.test(before[at - 1]!))) return null;
  const query = before.slice(at + 1);
  if (/[\n@]/.test(query) || query.split(' ').length > 3) return null;
  return { start: at, query };
}

/** Replaces the mention being typed with "@Full Name" and one space, and gives the caret after it. */
export function insertMention(
  text: string,
  caret: number,
  option: Pick<MentionOption, 'fullName'>,
): { text: string; caret: number } {
  const active = activeMentionQuery(text, caret);
  const start = active ? active.start : caret;
  const after = text.slice(caret);
  const inserted = /^\s/.test(after) ? `@${option.fullName}` : `@${option.fullName} `;
  return { text: text.slice(0, start) + inserted + after, caret: start + inserted.length };
}
