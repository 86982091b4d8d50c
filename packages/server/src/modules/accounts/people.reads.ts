import { initials, shortName } from '@facet/domain/format';
import type { Db, Tx } from '../../db/client';
import { activeProductionTeam, peopleByIds, type PersonRow as AccountPerson } from './accounts.reads';

/** People as projects, offers and chat show them: a name, initials and an avatar, by role. */

export type Role = 'customer' | 'designer' | 'service' | 'staff';

export interface PersonRef {
  id: string;
  role: Role;
  firstName: string;
  lastName: string;
  name: string;
  shortName: string;
  initials: string;
  avatarUrl: string | null;
}

type PersonRow = Pick<AccountPerson, 'id' | 'role' | 'firstName' | 'lastName' | 'avatarKey'>;

export function toPerson(row: PersonRow): PersonRef {
  return {
    id: row.id,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    name: `${row.firstName} ${row.lastName}`.trim(),
    shortName: shortName(row.firstName, row.lastName),
    initials: initials(row.firstName, row.lastName),
    avatarUrl: row.avatarKey ? `/api/files/${row.avatarKey}` : null,
  };
}

/** People by id (a read of the accounts' users table, names and avatars only). */
export async function loadPeople(db: Db | Tx, ids: readonly string[]): Promise<Map<string, PersonRef>> {
  const rows = await peopleByIds(db, ids);
  return new Map(rows.map((r) => [r.id, toPerson(r)]));
}

export const proLabel = (role: Role): 'CAD Designer' | 'Service Provider' =>
  role === 'service' ? 'Service Provider' : 'CAD Designer';

/** The production team: the first three active staff accounts. */
export async function productionTeam(db: Db | Tx) {
  const rows = await activeProductionTeam(db);
  return rows.map((r) => ({
    ...toPerson(r),
    label: 'Production Team' as const,
    online: false,
    profileUrl: null,
  }));
}
