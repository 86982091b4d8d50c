import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reply } from '../../../api';
import { api, unwrap } from '../../../lib/api-client';

export type Country = Reply<'/api/countries', 'get'>['countries'][number];
export type CountryState = Reply<'/api/countries/{code}/states', 'get'>['states'][number];

export async function getCountries(signal?: AbortSignal): Promise<Country[]> {
  const { countries } = await unwrap(api.GET('/api/countries', { signal }));
  return countries;
}

export async function getStates(countryCode: string, signal?: AbortSignal): Promise<CountryState[]> {
  const { states } = await unwrap(
    api.GET('/api/countries/{code}/states', { params: { path: { code: countryCode } }, signal }),
  );
  return states;
}

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['countries'],
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: Infinity,
  });

export const statesQueryOptions = (countryCode: string) =>
  queryOptions({
    queryKey: ['countries', countryCode, 'states'],
    queryFn: ({ signal }) => getStates(countryCode, signal),
    staleTime: Infinity,
    enabled: /^[A-Z]{2}$/.test(countryCode),
  });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}

export function useStates(countryCode: string) {
  return useQuery(statesQueryOptions(countryCode));
}
