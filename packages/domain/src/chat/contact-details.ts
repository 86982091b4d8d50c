/**
 * Contact-detail detector (spec section 5): a chat message, or a file name, that carries an e-mail
 * address, a phone number or another way to reach someone off the platform is blocked, except
 * addresses of the production team's own domain.
 *
 * How it works: the text goes through a NORMALISATION PIPELINE that undoes the usual disguises, then a
 * small set of NAMED DETECTORS look for one kind of contact each. Each step and detector says why it
 * exists. The tuning goal is asymmetric in one place only: ordinary jewelry talk (ring sizes,
 * dimensions, prices, dates, times, order numbers, SKUs) must never be blocked, so every detector
 * prefers to miss an odd disguise over blocking a customer's real question. The corpus in
 * `fixtures/contact-details.json` holds both sides and is run in the tests.
 *
 * Why hand-written rules rather than libraries: phone-number libraries validate real numbering plans
 * (fictional or made-up numbers pass through them) and do not see "four one five" or a number split
 * across two messages; Unicode confusable skeletons (TR39) fold digits into letters ("0" → "O",
 * "rn" → "m"), which destroys exactly the digit runs we look for. We need a one-way fold towards
 * ASCII letters and digits, which is small enough to read here.
 */

/** The production team's own e-mail domain; its addresses may be shared. */
export const DEFAULT_ALLOWED_EMAIL_DOMAINS: readonly string[] = ['facet.studio'];

export type ContactKind = 'email' | 'phone' | 'link' | 'handle' | 'website';

export type ContactDetectorName =
  'email-address' | 'phone-number' | 'messenger-link' | 'messenger-handle' | 'website-offer';

export interface ContactMatch {
  kind: ContactKind;
  detector: ContactDetectorName;
  /** The contact as found in the normalised text, e.g. 'john.smith@gmail.com' or '+14155550132'. */
  value: string;
}

export interface FindContactDetailsOptions {
  /** Domains (and their subdomains) whose addresses and sites may be shared. */
  allowedEmailDomains?: readonly string[];
}

// ---------------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------------

/** Top-level domains we recognise when an address or site is written without "@" or "http". */
const TLDS =
  'com|net|org|io|co|uk|us|ca|au|nz|de|fr|it|es|nl|be|ch|at|se|no|dk|fi|pl|pt|ie|ru|ua|in|jp|cn|br|mx|za|' +
  'me|info|biz|studio|design|art|shop|store|online|site|website|xyz|app|dev|ai|jewelry|jewellery|gold|' +
  'email|mail|tv|ly|gg|eu|page|link|club|live|pro|work';
const TLD = `(?:${TLDS})`;

/** Mailbox providers: "john at gmail.com" is an address; "look at etsy.com" is not. */
const MAIL_PROVIDERS = new Set([
  'gmail',
  'googlemail',
  'yahoo',
  'ymail',
  'hotmail',
  'outlook',
  'live',
  'msn',
  'icloud',
  'me',
  'mac',
  'aol',
  'proton',
  'protonmail',
  'pm',
  'gmx',
  'web',
  'mail',
  'yandex',
  'zoho',
  'fastmail',
  'tutanota',
  'qq',
  '163',
]);

/** Providers distinctive enough to name an address with no ".com" ("anna.lee@gmail"). */
const BARE_PROVIDERS = 'gmail|googlemail|yahoo|hotmail|outlook|icloud|protonmail|proton|aol|gmx|yandex';

/** Units that follow measurements: a run of numbers ending in one is a list of sizes, not a phone. */
const UNIT_AFTER =
  /^\s*(?:in\.?(?=\s*(?:$|[,;)\n]))|mm|cm|dm|m|inch|inches|ft|feet|foot|"|g|gr|gram|grams|kg|oz|dwt|ct|cts|carat|carats|k|kt|karat|karats|%|percent|px|dpi|mb|gb|kb|bytes?|°|deg|degrees|tris|triangles|polys?|polygons|faces|vertices|pcs|pieces|units|x|usd|eur|gbp|dollars?|euros?|pounds?|days?|weeks?|hours?|minutes?|mins?|years?)(?![a-z])/;

/** Words right before a number that make it an identifier (order, SKU, part, tracking …), not a phone. */
const IDENTIFIER_BEFORE =
  /\b(?:order|orders|sku|skus|part|parts|p\/n|pn|item|items|invoice|inv|ref|reference|tracking|track|serial|s\/n|lot|batch|po|model|id|ticket|case|article|catalog|catalogue|cat|code|version|build|size|sizes|mesh|file|project|style|stock|report|certificate|cert|gia|igi|hrd|ags|inscription|hallmark|receipt|transaction|txn|payment|kit|fedex|ups|usps|dhl|shipment|parcel|waybill|awb)\s*(?:no\.?|number|num|nr|#|id|code)?\s*(?:is|was|:|#|=)?\s*$/;

/** Words before a number that mean "this is how to reach me"; they lower the digits a phone needs. */
const PHONE_CONTEXT =
  /\b(?:call|calling|phone|tel|telephone|mobile|cell|cellphone|text|txt|sms|whats\s?app|viber|signal|telegram|number|num|ring me|reach me|dial|contact me|landline|fax)\b/;

/** Messengers and social networks named before a handle ("telegram @john", "insta: john.doe"). */
const PLATFORM =
  '(?:telegram|tg|whats\\s?app|insta|instagram|ig|signal|skype|snapchat|facebook|fb|discord|wechat|viber|kik|tiktok|twitter|threads|linkedin|messenger|pinterest|behance|dribbble|etsy)';

/** Hosts whose links reach a person directly: messengers, social profiles, link pages, schedulers. */
const MESSENGER_HOSTS =
  '(?:wa\\.me|(?:api|chat|web)\\.whatsapp\\.com|whatsapp\\.com|t\\.me|telegram\\.(?:me|dog)|m\\.me|messenger\\.com|' +
  'signal\\.(?:me|group)|join\\.skype\\.com|snapchat\\.com|instagram\\.com|instagr\\.am|facebook\\.com|fb\\.com|fb\\.me|' +
  'linkedin\\.com|twitter\\.com|x\\.com|tiktok\\.com|discord\\.gg|discord\\.com|line\\.me|viber\\.com|linktr\\.ee|' +
  'beacons\\.ai|calendly\\.com)';

/** Instagram paths that show a post rather than a person's profile: shared as inspiration. */
const INSTAGRAM_POST_PATH = /^\/(?:p|reel|reels|tv|explore)\//;

/** "Handles" that are plain words: "message me on whatsapp later" names no account. */
const COMMON_WORDS = new Set(
  (
    'the a an and or but not no yes is are was be it this that there here then than too also just only ' +
    'very really so now later soon today tomorrow tonight please thanks thank ok okay sure maybe great good ' +
    'nice cool fine private public down up full busy closed open new old same again instead either if when ' +
    'where how why what which who for from with without about after before of to in on at by as me my you ' +
    'your our we us they them he she his her its all any some more most please pls plz instead anymore ' +
    'page account profile handle name username id dm dms message messages chat inbox'
  ).split(' '),
);

// ---------------------------------------------------------------------------------------------------
// Normalisation pipeline
// ---------------------------------------------------------------------------------------------------

interface NormalisationStep {
  name: string;
  /** Why the step exists: the disguise it undoes. */
  why: string;
  apply: (text: string) => string;
}

/**
 * Invisible characters: Unicode's default-ignorable code points (zero-width spaces and joiners, bidi
 * controls, soft hyphen, word joiner, variation selectors, Hangul fillers, …).
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** Cyrillic and Greek letters that look like Latin ones (both cases; lower-casing comes later). */
// prettier-ignore
const HOMOGLYPHS: Readonly<Record<string, string>> = {
  // Cyrillic
  А: 'a', В: 'b', Е: 'e', К: 'k', М: 'm', Н: 'h', О: 'o', Р: 'p', С: 'c', Т: 't', Х: 'x', У: 'y', І: 'i',
  Ј: 'j', Ѕ: 's', Ԁ: 'd', Ԛ: 'q', Ԝ: 'w', Ү: 'y', Һ: 'h', Ӏ: 'l',
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', х: 'x', у: 'y', і: 'i',
  ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', ү: 'y', һ: 'h', ӏ: 'l', ɡ: 'g', ɩ: 'i', ɑ: 'a',
  // Greek
  Α: 'a', Β: 'b', Ε: 'e', Ζ: 'z', Η: 'h', Ι: 'i', Κ: 'k', Μ: 'm', Ν: 'n', Ο: 'o', Ρ: 'p', Τ: 't', Υ: 'y',
  Χ: 'x', α: 'a', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x',
  // punctuation that stands in for "." and "-"
  '。': '.', '｡': '.', '․': '.', '‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '−': '-', '﹣': '-',
};
const HOMOGLYPH_PATTERN = new RegExp(`[${Object.keys(HOMOGLYPHS).join('')}]`, 'g');

/**
 * Any Unicode decimal digit (Arabic-Indic ٤١٥, Devanagari ४१५, …) as an ASCII digit. Unicode encodes
 * every decimal digit set as ten consecutive code points starting at zero, so the value is the distance
 * from the start of the run of digits, modulo 10.
 */
function foldDecimalDigit(char: string): string {
  let cp = char.codePointAt(0)!;
  if (cp >= 0x30 && cp <= 0x39) return char;
  let offset = 0;
  while (/\p{Nd}/u.test(String.fromCodePoint(cp - 1))) {
    cp--;
    offset++;
  }
  return String(offset % 10);
}

const SPELLED_DIGITS: Readonly<Record<string, string>> = {
  zero: '0',
  oh: '0',
  o: '0',
  nought: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
const REPEATERS: Readonly<Record<string, number>> = { double: 2, triple: 3 };

/**
 * Rewrites runs of spelled digits ("four one five", "415 five five five", "double five") as digits
 * separated by spaces. A number word only counts next to another number word or digit group, so
 * "one ring with two stones" stays as it is.
 */
function spelledDigitsToDigits(text: string): string {
  const tokens = text.match(/[a-z]+|\d+|[^a-z\d]+/g) ?? [];
  const isNumberWord = (t: string): boolean => t in SPELLED_DIGITS || t in REPEATERS;
  const isNumeric = (t: string): boolean => /^\d+$/.test(t) || isNumberWord(t);
  const isJoin = (t: string): boolean => /^[\s,.\-/]{1,3}$/.test(t);
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    // collect a run: numeric (join numeric)*
    const run: number[] = [];
    let j = i;
    if (isNumeric(tokens[j]!)) {
      run.push(j);
      while (j + 2 < tokens.length && isJoin(tokens[j + 1]!) && isNumeric(tokens[j + 2]!)) {
        j += 2;
        run.push(j);
      }
    }
    const words = run.filter((k) => isNumberWord(tokens[k]!));
    // lone "o"/"oh" beside a single digit is too weak a signal ("oh 5 stones"), so ask for 3 numeric tokens then
    const weakOnly = words.every((k) => ['o', 'oh'].includes(tokens[k]!));
    if (words.length > 0 && run.length >= 2 && (!weakOnly || run.length >= 3)) {
      const digits: string[] = [];
      let repeat = 1;
      for (const k of run) {
        const t = tokens[k]!;
        if (t in REPEATERS) {
          repeat = REPEATERS[t]!;
          continue;
        }
        const value = SPELLED_DIGITS[t] ?? t;
        for (let r = 0; r < repeat; r++) digits.push(value);
        repeat = 1;
      }
      out.push(digits.join(' '));
      i = j + 1;
    } else {
      // nothing to rewrite: keep the run as it is and go on after it
      const end = run.length > 0 ? j + 1 : i + 1;
      out.push(...tokens.slice(i, end));
      i = end;
    }
  }
  return out.join('');
}

/**
 * Inside a token that holds digits, the letters o, l and i stand for 0, 1 and 1 ("415.555.O132",
 * "O7700 9OO123"). Only tokens made of digits and those letters change, so "10k", "2mm" and "oil" keep.
 */
function lettersInNumbersToDigits(text: string): string {
  return text.replace(/[0-9oil]+/g, (token) =>
    /\d/.test(token) && /^[0-9oil]+$/.test(token) ? token.replace(/o/g, '0').replace(/[il]/g, '1') : token,
  );
}

/** "(at)", "[at]", "{at}", "<at>", "(@)" → "@"; "(dot)", "[.]", "[dot]", " dot " → "."; spaces around them go. */
function unmaskAtAndDot(text: string): string {
  let s = text
    // (?<!\s) starts the match at the first space of a run, so long runs of spaces stay linear
    .replace(/(?<!\s)\s*[([{<]\s*(?:at|@)\s*[)\]}>]\s*/g, '@')
    .replace(/(?<!\s)\s*[([{<]\s*(?:dot|\.)\s*[)\]}>]\s*/g, '.');
  // " at " is ordinary English ("print at 215 °C", "look at etsy.com"); it only reads as "@" when what
  // follows is clearly a mail domain: one disguised with "dot", or a well-known mailbox provider.
  const domain = `([a-z0-9-]+(?:(?:\\s*\\.\\s*|\\s+dot\\s+)[a-z0-9-]+)*(?:\\s*\\.\\s*|\\s+dot\\s+)${TLD})\\b`;
  s = s.replace(new RegExp(`([a-z0-9._%+-])\\s+at\\s+${domain}`, 'g'), (whole, last: string, dom: string) => {
    const disguised = /\sdot\s/.test(dom);
    const provider = dom.split(/\s*\.\s*|\s+dot\s+/)[0] ?? '';
    return disguised || MAIL_PROVIDERS.has(provider) ? `${last}@${dom}` : whole;
  });
  // "anna_lee at hotmail": a provider alone is enough when the left side looks like a mailbox name
  s = s.replace(
    new RegExp(`(?<![a-z0-9._%+-])([a-z0-9%+-]*[._\\d][a-z0-9._%+-]*)\\s+at\\s+(${BARE_PROVIDERS})\\b`, 'g'),
    '$1@$2',
  );
  s = s.replace(/([a-z0-9])\s+dot\s+(?=[a-z0-9])/g, '$1.');
  // spaces around "." before a known TLD ("gmail . com") and around "@" before a domain
  s = s.replace(/([a-z0-9]{2})(?:\s*\.\s+|\s+\.\s*)(?=(?:com|net|org|io|co|me|de|uk)\b)/g, '$1.');
  s = s.replace(/([a-z0-9._%+-])\s*@\s*(?=[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})/g, '$1@');
  return s;
}

/** "j o h n" → "john": three or more single letters in a row spell a word ("c o m"). */
function joinSpacedLetters(text: string): string {
  return text.replace(/\b(?:[a-z] ){2,}[a-z]\b/g, (run) => run.replace(/ /g, ''));
}

export const NORMALISATION_STEPS: readonly NormalisationStep[] = [
  {
    name: 'strip-invisible',
    why: 'zero-width spaces and joiners split an address so it no longer looks like one ("john\u200b@gmail.com")',
    apply: (s) => s.replace(INVISIBLE, ''),
  },
  {
    name: 'fold-compatibility',
    why: 'full-width and styled forms (＠, ．, 𝟒, ①) are the same characters to a reader; accents and combining marks go too',
    apply: (s) => s.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC'),
  },
  {
    name: 'fold-homoglyphs',
    why: 'Cyrillic and Greek letters that look Latin ("gmаil" with a Cyrillic а) and dash or dot look-alikes',
    apply: (s) => s.replace(HOMOGLYPH_PATTERN, (c) => HOMOGLYPHS[c] ?? c),
  },
  {
    name: 'fold-digits',
    why: 'digits of other scripts (٤١٥) read as the same number',
    apply: (s) => s.replace(/\p{Nd}/gu, foldDecimalDigit),
  },
  {
    name: 'lower-case',
    why: 'case carries no meaning in an address or a handle',
    apply: (s) => s.toLowerCase(),
  },
  {
    name: 'join-spaced-letters',
    why: 'addresses typed with spaces between letters ("g m a i l")',
    apply: joinSpacedLetters,
  },
  {
    name: 'unmask-at-and-dot',
    why: '"(at)", "[at]", " at ", "[.]", " dot " are the classic ways to write an address past a filter',
    apply: unmaskAtAndDot,
  },
  {
    name: 'spelled-digits',
    why: 'phone numbers written in words ("four one five …") or mixed with digits',
    apply: spelledDigitsToDigits,
  },
  {
    name: 'letters-in-numbers',
    why: 'the letters O, l and I typed for 0 and 1 inside a number ("415.555.O132")',
    apply: lettersInNumbersToDigits,
  },
];

/** The text as the detectors see it, after every normalisation step. */
export function normaliseForContactDetection(text: string): string {
  return NORMALISATION_STEPS.reduce((s, step) => step.apply(s), text);
}

// ---------------------------------------------------------------------------------------------------
// Detectors
// ---------------------------------------------------------------------------------------------------

interface DetectorContext {
  allowedDomains: readonly string[];
}

interface Detector {
  name: ContactDetectorName;
  kind: ContactKind;
  /** Why the detector exists and what it deliberately lets through. */
  why: string;
  find: (text: string, context: DetectorContext) => string[];
}

function isAllowedDomain(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/^www\./, '');
  return allowed.some((d) => {
    const domain = d.toLowerCase();
    return h === domain || h.endsWith(`.${domain}`);
  });
}

const EMAIL =
  /(?<![a-z0-9._%+-])[a-z0-9](?:[a-z0-9._%+-]*[a-z0-9_%+-])?@((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,24})(?![a-z0-9-])/g;

const EMAIL_AT_BARE_PROVIDER = new RegExp(
  `(?<![a-z0-9._%+-])[a-z0-9][a-z0-9._%+-]*@(?:${BARE_PROVIDERS})(?![a-z0-9.-])`,
  'g',
);

function findEmails(text: string, { allowedDomains }: DetectorContext): string[] {
  const full = [...text.matchAll(EMAIL)]
    .filter((m) => !isAllowedDomain(m[1]!, allowedDomains))
    .map((m) => m[0]);
  return [...full, ...[...text.matchAll(EMAIL_AT_BARE_PROVIDER)].map((m) => m[0])];
}

/** A number-like run: digit groups joined by up to 3 of space, dot, hyphen, brackets; maybe a leading "+". */
const NUMBER_RUN = /(\+\s*)?\(?\d(?:[\s.\-()]{0,3}\d)*/g;

/** Runs that are dates, times, decimals or fractions; masked before phones are looked for. */
const NOT_PHONE_MASKS: readonly RegExp[] = [
  // ISO dates and timestamps: 2025-03-14, 2025-03-14t10:30:00z, 2025/03/14
  /(?<!\d)\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:t\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?)?(?!\d)/g,
  // day-month-year either way round: 14/03/2025, 03.14.25, 14-03-2025
  /(?<![\d.])(?:0?[1-9]|[12]\d|3[01])[-/.](?:0?[1-9]|[12]\d|3[01])[-/.](?:\d{4}|\d{2})(?![\d.])/g,
  // compact timestamps in file names: 20250314, 20250314103000 (camera and scanner names)
  /(?<!\d)(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:\d{4,9})?(?!\d)/g,
  // Unix time in seconds or milliseconds: 1741948200, 1741948200123 (no phone starts with 1 and has 10 digits)
  /(?<!\d)1[5-9]\d{8}(?:\d{3})?(?!\d)/g,
  // times: 10:30, 10:30:15, 9:00 am
  /(?<!\d)\d{1,2}:\d{2}(?::\d{2})?(?!\d)/g,
  // decimals with a short whole part and a short fraction: 7.5, 0.12, 48.5, 1920.25
  /(?<![\d.])\d{1,4}\.\d{1,3}(?![.\d])/g,
  // fractions and ratios: 750/1000, 3/4
  /(?<!\d)\d+\/\d+(?!\d)/g,
];

function maskNonPhones(text: string): string {
  return NOT_PHONE_MASKS.reduce((s, re) => s.replace(re, (m) => '§'.repeat(m.length)), text);
}

function isPhoneRun(run: string, before: string, after: string): boolean {
  const digits = run.replace(/\D/g, '');
  const international = run.trimStart().startsWith('+');
  // Glued to letters or symbols it is part of an identifier, a price or a link: "RNG-2024", "#1001",
  // "$1250", "wa.me/1415…" (the link detector sees that one), "0815-xl", "12%".
  // "_" is not glue: in file names it separates words ("anna_4155550132.pdf").
  const announced = PHONE_CONTEXT.test(before.slice(-30));
  if (/[a-z#@$€£¥/=&?%*§]$/.test(before)) return false;
  // "RNG-2024-0815": a code glued by a hyphen, unless a phone word came first ("call-me-415-555-0132")
  if (/[a-z][-.]$/.test(before) && !announced) return false;
  if (/^(?:-?[a-z]|[%/°§]|\.\d)/.test(after)) return false;
  if (UNIT_AFTER.test(after)) return false;
  const lead = before.slice(-40);
  if (IDENTIFIER_BEFORE.test(lead)) return false;
  if (/(?:[$€£¥]|\b(?:usd|eur|gbp|chf|cad|aud|jpy))\s*$/.test(before)) return false;
  const groups = run.split(/[^\d]+/).filter(Boolean);
  if (international) return digits.length >= 8 && digits.length <= 15;
  if (digits.length > 15) return false;
  // "sizes 5 6 7 8 9 10 11 12": many 1–2 digit groups are a list; spaced single digits and French-style
  // pairs starting with 0 ("06 12 34 56 78") are phones.
  const allSingles = groups.every((g) => g.length === 1);
  if (!allSingles && groups.every((g) => g.length <= 2) && !digits.startsWith('0')) return false;
  if (digits.length >= 10) return true;
  // 7 to 9 digits only with words that announce a phone: "call me on 555 0132".
  return digits.length >= 7 && announced && groups.length <= 4;
}

function findPhones(text: string): string[] {
  const masked = maskNonPhones(text);
  const found: string[] = [];
  for (const m of masked.matchAll(NUMBER_RUN)) {
    const start = m.index;
    const run = m[0]; // always ends on a digit
    const before = masked.slice(0, start);
    const after = masked.slice(start + run.length);
    if (isPhoneRun(run, before, after)) {
      found.push((run.trimStart().startsWith('+') ? '+' : '') + run.replace(/\D/g, ''));
    }
  }
  return found;
}

const MESSENGER_LINK = new RegExp(
  `(?<![a-z0-9.-])(?:https?:\\/\\/)?(?:www\\.)?(${MESSENGER_HOSTS})((?:\\/[^\\s]*)?)|\\b(?:tel|sms|callto|skype|whatsapp|viber|tg|facetime):\\s*\\+?[a-z0-9._-]+|\\bmailto:\\s*\\S+`,
  'g',
);

function findMessengerLinks(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(MESSENGER_LINK)) {
    const host = m[1];
    const path = m[2] ?? '';
    if (host) {
      // A bare host names no one ("we are not on facebook.com"); a post link shares a picture, not a person.
      if (path.replace(/[/?#]+$/, '') === '') continue;
      if (/instagr/.test(host) && INSTAGRAM_POST_PATH.test(path)) continue;
    }
    found.push(m[0].trim());
  }
  return found;
}

const HANDLE_AFTER_PLATFORM = new RegExp(
  `\\b${PLATFORM}\\b((?:\\s{0,3}(?::|-|=|\\bis\\b|\\bhandle\\b|\\busername\\b|\\bname\\b|\\bid\\b|\\bat\\b|\\bon\\b|\\bme\\b|\\bmy\\b|\\bas\\b)){0,4})\\s{0,3}(@?)([a-z0-9][a-z0-9._-]{2,29})`,
  'g',
);

/** "add me on", "find me on", "message us via" … right before the platform. */
const CONTACT_VERB_BEFORE =
  /\b(?:add|follow|find|message|msg|dm|text|ping|reach|contact|hit|call|write|catch|chat with)\s+(?:me|us)(?:\s+up)?\s+(?:on|at|via|in|through|over)\s*$/;

function findHandles(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(HANDLE_AFTER_PLATFORM)) {
    const connector = m[1] ?? '';
    const handle = (m[3] ?? '').replace(/[._-]+$/, '');
    if (COMMON_WORDS.has(handle) || handle.length < 3) continue;
    const before = text.slice(Math.max(0, m.index - 25), m.index);
    const withAt = m[2] === '@';
    // "instagram: jane.doe", "my insta is janedoe", "on telegram as jane_doe": the account is named outright
    const named = /[:=]|\bis\b|\bas\b|\bhandle\b|\busername\b|\bid\b/.test(connector);
    const owned = /\b(?:me|my|us|our)\s*$/.test(before) || /\bmy\b/.test(connector);
    const handleLike = /[\d_.]/.test(handle);
    if (withAt || (named && (handleLike || owned)) || CONTACT_VERB_BEFORE.test(before)) {
      found.push(`${m[0].split(/[\s:=@]/)[0]}:${handle}`);
    }
  }
  return found;
}

/** Phrases that offer a site as a way to get in touch. */
const WEBSITE_OFFER =
  /\b(?:my|our)\s+(?:own\s+|personal\s+|online\s+)?(?:web\s?site|site|page|homepage|home page|portfolio|shop|store|studio|blog|link|links|profile|contact)\b|\b(?:visit|check out)\s+(?:my|our|me)\b|\bcontact\s+(?:me|us|form)\b|\breach\s+(?:me|us|out)\b|\bfind\s+(?:me|us)\b|\bemail\s+me\b|\bget in touch\b|\b(?:web\s?site|site|web|url|homepage|portfolio)\s*:/;

const SITE = new RegExp(
  `(?<![a-z0-9@.-])(?:https?:\\/\\/)?(?:www\\.)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+${TLD})(?![a-z0-9-])(?:\\/[^\\s]*)?`,
  'g',
);

function findWebsiteOffers(text: string, { allowedDomains }: DetectorContext): string[] {
  if (!WEBSITE_OFFER.test(text)) return [];
  return [...text.matchAll(SITE)].filter((m) => !isAllowedDomain(m[1]!, allowedDomains)).map((m) => m[0]);
}

export const CONTACT_DETECTORS: readonly Detector[] = [
  {
    name: 'email-address',
    kind: 'email',
    why: 'an address after the pipeline has undone (at)/(dot) tricks, spaces and look-alikes; the production team domain is allowed',
    find: findEmails,
  },
  {
    name: 'phone-number',
    kind: 'phone',
    why:
      '10–15 digits in groups (8–15 after "+", 7–9 after words like "call me"), once dates, times, decimals, ' +
      'fractions, prices, measurements with units, identifiers (order, SKU, part) and size lists are ruled out',
    find: findPhones,
  },
  {
    name: 'messenger-link',
    kind: 'link',
    why: 'links that open a conversation or profile (wa.me, t.me, instagram.com/name, tel:, mailto: …); post links and bare hosts pass',
    find: findMessengerLinks,
  },
  {
    name: 'messenger-handle',
    kind: 'handle',
    why: 'a messenger named with an account ("telegram @john", "insta: john.doe", "add me on snapchat janedoe"); "I saw it on instagram last week" passes',
    find: findHandles,
  },
  {
    name: 'website-offer',
    kind: 'website',
    why: 'a site offered as a way to get in touch ("my site johnsmith3d.com"); a site merely mentioned ("like the one on pinterest.com") passes',
    find: findWebsiteOffers,
  },
];

// ---------------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------------

function detect(text: string, context: DetectorContext): ContactMatch[] {
  const normalised = normaliseForContactDetection(text);
  return CONTACT_DETECTORS.flatMap((d) =>
    d.find(normalised, context).map((value) => ({ kind: d.kind, detector: d.name, value })),
  );
}

/**
 * The contact details in a message, or in consecutive messages of one sender read together (a number
 * split over two messages); empty when the text is clean. Each message is read alone and then all of
 * them joined by line breaks, so a detail is found whether or not it was split.
 */
export function findContactDetails(
  messages: string | readonly string[],
  options: FindContactDetailsOptions = {},
): ContactMatch[] {
  const list = typeof messages === 'string' ? [messages] : messages;
  const context: DetectorContext = {
    allowedDomains: options.allowedEmailDomains ?? DEFAULT_ALLOWED_EMAIL_DOMAINS,
  };
  const texts = list.length > 1 ? [...list, list.join('\n')] : list;
  const seen = new Set<string>();
  const matches: ContactMatch[] = [];
  for (const text of texts) {
    for (const match of detect(text, context)) {
      const key = `${match.detector}\u0000${match.value}`;
      if (!seen.has(key)) {
        seen.add(key);
        matches.push(match);
      }
    }
  }
  return matches;
}

/** True when the message(s) may be sent as they are. */
export function isFreeOfContactDetails(
  messages: string | readonly string[],
  options: FindContactDetailsOptions = {},
): boolean {
  return findContactDetails(messages, options).length === 0;
}
