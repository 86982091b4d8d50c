import { keepPreviousData, skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { Reply, RequestBody, Schemas } from '../../../api';

/** The customer's credits, their history and credit packs (spec credit-purchase, credit-usage). */

export type MyCredits = Schemas['MyCredits'];
export type CreditEntry = Schemas['CreditEntry'];
export type CreditPack = Schemas['CreditPack'];
export type PackQuote = Schemas['CreditPackQuote'];
export type PackChoice = RequestBody<'/api/me/credits/purchase', 'post'>;
export type PackCheckout = Reply<'/api/me/credits/purchase', 'post'>;

export const myCreditsQueryKey = ['me', 'credits'] as const;

export const useMyCredits = () =>
  useQuery({
    queryKey: myCreditsQueryKey,
    queryFn: ({ signal }) => unwrap(api.GET('/api/me/credits', { signal })),
  });

export const usePackPreview = (pack: string | null, code: string | null) =>
  useQuery({
    queryKey: ['me', 'credits', 'preview', pack, code] as const,
    // no pack chosen, nothing to ask; a pack's code is a plain string in the packs' reply
    queryFn: pack
      ? ({ signal }) =>
          unwrap(
            api.GET('/api/me/credits/preview', {
              params: { query: { pack: pack as PackChoice['pack'], code: code || undefined } },
              signal,
            }),
          )
      : skipToken,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST /api/me/credits/purchase with the attempt's Idempotency-Key: the hosted pay page. */
export const useBuyPack = () =>
  useMutation({
    mutationFn: ({ body, key }: { body: PackChoice; key: string }) =>
      unwrap(api.POST('/api/me/credits/purchase', { params: { header: { 'idempotency-key': key } }, body })),
  });
