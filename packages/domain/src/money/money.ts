/**
 * Money with its currency: an integer amount in the currency's minor units (cents for USD and EUR, yen for
 * JPY, which has none smaller) and the currency it is counted in. Currencies are the platform's known list,
 * written as the payments gateway and the database write them: ISO 4217 codes in lower case ('usd').
 */

/**
 * The currencies the platform may charge in: each with its minor units (decimal places), as ISO 4217 and
 * `Intl.NumberFormat` give them (a unit test checks the two agree). Chosen among the gateway's currencies
 * that charge and pay out in plain minor units; HUF, ISK and TWD are left out because the gateway counts
 * them otherwise than ISO does.
 */
export const CURRENCIES = {
  usd: { minorUnits: 2 },
  eur: { minorUnits: 2 },
  gbp: { minorUnits: 2 },
  cad: { minorUnits: 2 },
  aud: { minorUnits: 2 },
  nzd: { minorUnits: 2 },
  chf: { minorUnits: 2 },
  sek: { minorUnits: 2 },
  nok: { minorUnits: 2 },
  dkk: { minorUnits: 2 },
  pln: { minorUnits: 2 },
  czk: { minorUnits: 2 },
  sgd: { minorUnits: 2 },
  hkd: { minorUnits: 2 },
  mxn: { minorUnits: 2 },
  jpy: { minorUnits: 0 },
  krw: { minorUnits: 0 },
} as const satisfies Record<string, { minorUnits: number }>;

export type CurrencyCode = keyof typeof CURRENCIES;

/** Every known currency code, in the order of CURRENCIES. */
export const CURRENCY_CODES = Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]];

/** The currency of an amount written without one: what the platform has charged in from its start. */
export const DEFAULT_CURRENCY: CurrencyCode = 'usd';

export interface Money {
  /** Whole minor units of the currency (cents; yen for JPY); negative for money going out. */
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
}

/** A code that is not one of the known currencies. */
export class UnknownCurrency extends Error {
  constructor(code: string) {
    super(`${JSON.stringify(code)} is not a known currency (known: ${CURRENCY_CODES.join(', ')})`);
    this.name = 'UnknownCurrency';
  }
}

/** Two amounts of different currencies added or compared: there is no rate to convert one to the other. */
export class CurrencyMismatch extends Error {
  constructor(a: CurrencyCode, b: CurrencyCode) {
    super(`cannot combine ${a.toUpperCase()} with ${b.toUpperCase()}: amounts of one currency only`);
    this.name = 'CurrencyMismatch';
  }
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

/** A code in any case ('USD', 'usd', ' Eur ') as a known currency; UnknownCurrency otherwise. */
export function currencyCode(text: string): CurrencyCode {
  const code = text.trim().toLowerCase();
  if (!isCurrencyCode(code)) throw new UnknownCurrency(text);
  return code;
}

/** Decimal places of the currency: 2 for USD and EUR, 0 for JPY and KRW. */
export function minorUnits(currency: CurrencyCode): number {
  return CURRENCIES[currency].minorUnits;
}

/** An amount in minor units of a known currency; a RangeError for a fraction of a minor unit. */
export function money(amountMinor: number, currency: CurrencyCode | string): Money {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`${amountMinor} is not a whole number of minor units`);
  }
  return { amountMinor, currency: currencyCode(currency) };
}

function sameCurrency(a: Money, b: Money) {
  if (a.currency !== b.currency) throw new CurrencyMismatch(a.currency, b.currency);
}

export function addMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amountMinor + b.amountMinor, a.currency);
}

export function subtractMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amountMinor - b.amountMinor, a.currency);
}

/** The sum of amounts of one currency (zero of `currency` for none). */
export function sumMoney(amounts: readonly Money[], currency: CurrencyCode): Money {
  return amounts.reduce(addMoney, money(0, currency));
}

/** An amount in major units (12.5 dollars) as Money, rounded half away from zero to the minor unit. */
export function fromMajor(major: number, currency: CurrencyCode | string): Money {
  const code = currencyCode(currency);
  const scaled = major * 10 ** minorUnits(code);
  // 1.005 * 100 is 100.49999…: round the decimal as written, not its binary neighbour
  const rounded = Math.sign(scaled) * Math.round(Number(Math.abs(scaled).toPrecision(15)));
  return money(rounded === 0 ? 0 : rounded, code);
}

/** The amount in major units (1234.5 for 123450 cents; 1235 for 1235 yen), for charts' scales. */
export function toMajor(amount: Money): number {
  return amount.amountMinor / 10 ** minorUnits(amount.currency);
}
