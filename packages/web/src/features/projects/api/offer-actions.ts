import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyApi } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { Offer, ProjectDetail } from './types';

const path = (id: string, action: string) => `/api/invitations/${encodeURIComponent(id)}/${action}`;

/** The customer accepts a quoted offer: the project adopts the pro and moves to Make Payment. */
export const acceptOffer = (offerId: string) =>
  legacyApi.post<{ offer: Offer; project: ProjectDetail }>(path(offerId, 'accept'));
/** The customer declines one invitee. */
export const declineOffer = (offerId: string) => legacyApi.post<{ offer: Offer }>(path(offerId, 'decline'));
/** The invited pro sends (or revises) an offer. */
export const sendOffer = ({
  offerId,
  priceCents,
  leadTimeDays,
}: {
  offerId: string;
  priceCents: number;
  leadTimeDays: number;
}) => legacyApi.post<{ offer: Offer }>(path(offerId, 'offer'), { priceCents, leadTimeDays });
/** The invited pro turns the invitation down. */
export const refuseInvitation = (offerId: string) =>
  legacyApi.post<{ offer: Offer }>(path(offerId, 'refuse'));

function useProjectMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export const useAcceptOffer = () => useProjectMutation(acceptOffer);
export const useDeclineOffer = () => useProjectMutation(declineOffer);
export const useSendOffer = () => useProjectMutation(sendOffer);
export const useRefuseInvitation = () => useProjectMutation(refuseInvitation);
