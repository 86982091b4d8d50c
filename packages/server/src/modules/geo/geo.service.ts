import { Country, State } from 'country-state-city';

export interface CountryOption {
  code: string;
  name: string;
  flag: string;
}
export interface StateOption {
  code: string;
  name: string;
}

const countries: CountryOption[] = Country.getAllCountries()
  .map((c) => ({ code: c.isoCode, name: c.name, flag: c.flag }))
  .sort((a, b) => a.name.localeCompare(b.name));
const countryByCode = new Map(countries.map((c) => [c.code, c]));
const statesCache = new Map<string, StateOption[]>();

/** Countries and states from the offline country-state-city dataset. */
export const geo = {
  countries: () => countries,
  country: (code: string) => countryByCode.get(code.toUpperCase()),
  states(countryCode: string): StateOption[] {
    const code = countryCode.toUpperCase();
    let states = statesCache.get(code);
    if (!states) {
      states = State.getStatesOfCountry(code)
        .map((s) => ({ code: s.isoCode, name: s.name }))
        .sort((a, b) => a.name.localeCompare(b.name));
      statesCache.set(code, states);
    }
    return states;
  },
  stateName(countryCode: string, stateCode: string) {
    return this.states(countryCode).find((s) => s.code === stateCode)?.name ?? '';
  },
};
