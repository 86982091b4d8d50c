import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query, RequestBody, Schemas } from '../../../api';
import { api, unwrap } from '../../../lib/api-client';

export type StaffPerson = Schemas['StaffPerson'];
export type PeopleQuery = Query<'/api/staff/people', 'get'>;
export type AccountDecision = RequestBody<'/api/staff/accounts/{id}', 'patch'>;

export const peopleKeys = {
  all: ['staff', 'people'] as const,
  list: (query: PeopleQuery) => ['staff', 'people', query] as const,
};

/** People by search and filters (pending reviews first). */
export const usePeople = (query: PeopleQuery) =>
  useQuery({
    queryKey: peopleKeys.list(query),
    queryFn: ({ signal }) => unwrap(api.GET('/api/staff/people', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });

/** Approve, hold or deactivate (with a reason), or mark a customer inactive; the lists ask again. */
export function useDecideAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AccountDecision & { id: string }) =>
      unwrap(api.PATCH('/api/staff/accounts/{id}', { params: { path: { id } }, body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'audit'] });
    },
  });
}

export type AuditEntry = Schemas['AuditEntry'];

/** The audit log of staff actions, newest first (of one subject when given). */
export const useAudit = (subjectId?: string) =>
  useQuery({
    queryKey: ['staff', 'audit', subjectId ?? 'all'] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/staff/audit', { params: { query: { subjectId, pageSize: 20 } }, signal })),
  });
