// The normalisation pipeline of the contact-detail detector (see contact-details.ts): each step undoes
// one usual disguise before the detectors read the text.
import { BARE_PROVIDERS, MAIL_PROVIDERS, TLD } from './contact-vocabulary';

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
  nil: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
};
/** "twenty" … "ninety"; followed by a digit word they make one number ("thirty two" → 32). */
const TENS: Readonly<Record<string, string>> = {
  twenty: '2',
  thirty: '3',
  forty: '4',
  fourty: '4',
  fifty: '5',
  sixty: '6',
  seventy: '7',
  eighty: '8',
  ninety: '9',
};
const REPEATERS: Readonly<Record<string, number>> = { double: 2, triple: 3 };

const ANY_NUMBER_WORD = new RegExp(
  `(?:^|[^a-z])(?:${[...Object.keys(SPELLED_DIGITS), ...Object.keys(TENS), ...Object.keys(REPEATERS), 'hundred'].join('|')})(?![a-z])`,
);
/** "o o o" was joined into "ooo" by join-spaced-letters: zeros. */
const isZeros = (t: string): boolean => /^o{2,4}$/.test(t);
const isNumberWord = (t: string): boolean =>
  t in SPELLED_DIGITS || t in TENS || t in REPEATERS || t === 'hundred' || isZeros(t);
const isNumeric = (t: string): boolean => /^\d+$/.test(t) || isNumberWord(t);
/** Between two numbers: up to 4 of space, comma, dot, hyphen, slash, ellipsis, or nothing ("five5five"). */
const isJoin = (t: string): boolean => /^[\s,.\-/…]{1,4}$/.test(t);

/** A tens word and the digit word after it: ["thirty", "two"] → "32" and 2 tokens used; ["thirty"] → "30", 1. */
function tensValue(tokens: readonly string[], k: number): [string, number] {
  const unit = SPELLED_DIGITS[tokens[k + 1] ?? ''];
  const joinsUnit = unit !== undefined && /^[1-9]$/.test(unit);
  return [TENS[tokens[k]!]! + (joinsUnit ? unit : '0'), joinsUnit ? 2 : 1];
}

/** The digits a run of numeric tokens stands for, one group per number ("thirty two" → "32"). */
function runToGroups(tokens: readonly string[]): string[] {
  const groups: string[] = [];
  let repeat = 1;
  let k = 0;
  while (k < tokens.length) {
    const t = tokens[k]!;
    let value: string;
    let used = 1;
    if (t in REPEATERS) {
      repeat = REPEATERS[t]!;
      k++;
      continue;
    }
    if (t in TENS) [value, used] = tensValue(tokens, k);
    else if (t === 'hundred') {
      // "five hundred" → 500, "five hundred fifty five" → 555, "eight hundred and" → 800
      const last = groups.pop();
      const next = tokens[k + 1] ?? '';
      let tail = '00';
      if (next in TENS) {
        const [tens, n] = tensValue(tokens, k + 1);
        [tail, used] = [tens, n + 1];
      } else if (next in SPELLED_DIGITS && next !== 'o' && next !== 'oh') {
        [tail, used] = [SPELLED_DIGITS[next]!.padStart(2, '0'), 2];
      }
      value = last !== undefined && last.length === 1 ? last + tail : `${last ?? ''}${tail}`;
    } else value = isZeros(t) ? '0'.repeat(t.length) : (SPELLED_DIGITS[t] ?? t);
    for (let r = 0; r < repeat; r++) groups.push(value);
    repeat = 1;
    k += used;
  }
  return groups;
}

/**
 * Rewrites runs of spelled numbers ("four one five", "415 five five five", "double five", "oh one
 * thirty-two") as digit groups separated by spaces. A number word only counts next to another number
 * word or digit group, so "one ring with two stones" stays as it is.
 */
function spelledDigitsToDigits(text: string): string {
  if (!ANY_NUMBER_WORD.test(text)) return text; // most messages: nothing to do
  const tokens = text.match(/[a-z]+|\d+|[^a-z\d]+/g) ?? [];
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    // collect a run: numeric (join? numeric)*
    const run: number[] = [];
    let j = i;
    if (isNumeric(tokens[j]!)) {
      run.push(j);
      for (;;) {
        if (j + 2 < tokens.length && isJoin(tokens[j + 1]!) && isNumeric(tokens[j + 2]!)) j += 2;
        else if (j + 1 < tokens.length && isNumeric(tokens[j + 1]!)) j += 1;
        else break;
        run.push(j);
      }
    }
    const words = run.filter((k) => isNumberWord(tokens[k]!));
    // lone "o"/"oh" beside a single digit is too weak a signal ("oh 5 stones"), so ask for 3 numeric tokens then
    const weakOnly = words.every((k) => ['o', 'oh', 'nil'].includes(tokens[k]!) || isZeros(tokens[k]!));
    if (words.length > 0 && run.length >= 2 && (!weakOnly || run.length >= 3)) {
      out.push(runToGroups(run.map((k) => tokens[k]!)).join(' '));
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
