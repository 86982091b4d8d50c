import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { projectKeys } from './types';

const invitation = (id: string) => ({ params: { path: { id } } });

/** The customer accepts a quoted offer: the project adopts the pro and moves to Make Payment. */
export const acceptOffer = (offerId: string) =>
  unwrap(api.POST('/api/invitations/{id}/accept', invitation(offerId)));
/** The customer declines one invitee. */
export const declineOffer = (offerId: string) =>
  unwrap(api.POST('/api/invitations/{id}/decline', invitation(offerId)));
/** The invited pro sends (or revises) an offer. */
export const sendOffer = ({
  offerId,
  priceCents,
  leadTimeDays,
}: {
  offerId: string;
  priceCents: number;
  leadTimeDays: number;
}) =>
  unwrap(
    api.POST('/api/invitations/{id}/offer', { ...invitation(offerId), body: { priceCents, leadTimeDays } }),
  );
/** The invited pro turns the invitation down. */
export const refuseInvitation = (offerId: string) =>
  unwrap(api.POST('/api/invitations/{id}/refuse', invitation(offerId)));

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
