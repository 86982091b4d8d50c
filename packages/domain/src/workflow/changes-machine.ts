/**
 * Change requests after delivery: requested (customer listed them) -> quoted (pro priced them)
 * -> approved (waiting for its payment) -> paid | refused; or requested -> declined (the pro will not do them).
 */
export type ChangeRequestStatus = 'requested' | 'quoted' | 'approved' | 'paid' | 'refused' | 'declined';
export type ChangeEvent = 'quote' | 'reject' | 'answer' | 'decline';

/** Spec §4: when not all changes are approved, the changes become refused. */
export function resolveChangeAnswer(
  changeCount: number,
  approvals?: readonly boolean[],
): 'approved' | 'refused' {
  if (!approvals) return 'approved';
  if (approvals.length !== changeCount) return 'refused';
  return approvals.every(Boolean) ? 'approved' : 'refused';
}

export function changeTransition(
  status: ChangeRequestStatus,
  event: ChangeEvent,
): ChangeRequestStatus | null {
  if (event === 'quote' && status === 'requested') return 'quoted';
  if (event === 'reject' && status === 'requested') return 'declined';
  if (event === 'decline' && status === 'quoted') return 'refused';
  if (event === 'answer' && status === 'quoted') return 'approved';
  return null;
}

export const isOpenChangeRequest = (status: ChangeRequestStatus) =>
  status === 'requested' || status === 'quoted';
