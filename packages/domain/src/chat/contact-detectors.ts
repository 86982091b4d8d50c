// The named detectors of the contact-detail detector (see contact-details.ts): each looks for one kind
// of contact in the normalised text.
import {
  BARE_PROVIDERS,
  COMMON_WORDS,
  IDENTIFIER_BEFORE,
  INSTAGRAM_POST_PATH,
  MESSENGER_HOSTS,
  PHONE_CONTEXT,
  PHONE_CONTEXT_AFTER,
  PLATFORM,
  TLD,
  UNIT_AFTER,
} from './contact-vocabulary';

export type ContactKind = 'email' | 'phone' | 'link' | 'handle' | 'website';

export type ContactDetectorName =
  'email-address' | 'phone-number' | 'messenger-link' | 'messenger-handle' | 'website-offer';

export interface DetectorContext {
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
  // US ZIP+4 codes: 94105-1234
  /(?<![\d-])\d{5}-\d{4}(?![\d-])/g,
  // day month year with spaces, as engraved: 14 02 2015, 3 05 1994
  /(?<!\d)(?:0?[1-9]|[12]\d|3[01]) (?:0?[1-9]|1[0-2]) (?:19|20)\d{2}(?!\d)/g,
  // fractions and ratios: 750/1000, 3/4
  /(?<!\d)\d+\/\d+(?!\d)/g,
];

function maskNonPhones(text: string): string {
  return NOT_PHONE_MASKS.reduce((s, re) => s.replace(re, (m) => '§'.repeat(m.length)), text);
}

const PHONE_WORD_GLUE = /\b(?:me|call|tel|phone|cell|mobile|mob|number|num|whatsapp|text|txt|sms|fax)[-.]$/;

/** "1 2 3 4 5 6 7" or "9 8 7 6 5 4 3": a counted list, not a number. */
function isCountedList(groups: readonly string[]): boolean {
  const steps = groups.slice(1).map((g, k) => Number(g) - Number(groups[k]));
  return steps.every((d) => d === 1) || steps.every((d) => d === -1);
}

/** "5 6 7 8 9 10 11 12", "4 4 5 5 6": sizes listed smallest first. */
function isInOrder(groups: readonly string[]): boolean {
  return groups.slice(1).every((g, k) => Number(g) >= Number(groups[k]));
}

/** What is glued to a run or comes right before it rules it out as a phone (identifiers, prices, units). */
function isRuledOut(before: string, after: string, announced: boolean): boolean {
  // Glued to letters or symbols it is part of an identifier, a price or a link: "RNG-2024", "#1001",
  // "$1250", "wa.me/1415…" (the link detector sees that one), "0815-xl", "12%".
  // "_" is not glue: in file names it separates words ("anna_4155550132.pdf").
  if (/[a-z#@$€£¥/=&?%*§]$/.test(before)) return true;
  // "RNG-2024-0815", "INV-2025-6104": a code glued by a hyphen, unless a phone word is the glue
  // ("call-me-415-555-0132", "cell.555.0132")
  if (/[a-z][-.]$/.test(before) && !(announced && PHONE_WORD_GLUE.test(before))) return true;
  if (/^(?:-?[a-z]|[%/°§]|\.\d)/.test(after)) return true;
  // "x 12" after a number is a dimension, or an extension when a phone word came first ("call 555 0132 x 12")
  if (UNIT_AFTER.test(after) && !(announced && /^\s*x\s*\d/.test(after))) return true;
  if (IDENTIFIER_BEFORE.test(before.slice(-40))) return true;
  return /(?:[$€£¥]|\b(?:usd|eur|gbp|chf|cad|aud|jpy))\s*$/.test(before);
}

/** Digits said to be on the piece ("numbers on the charm: 7 3 1 9 2 8 4") are an engraving, not a phone. */
const ON_THE_PIECE =
  /\b(?:engrav\w*|inscri\w*|reads?|says?|numbers|digits on|charm|pendant|band|inside|stamp\w*|hallmark\w*|locket|tag)\b/;

/**
 * A short number (7–9 digits) that reads as a phone on its own, with no phone word near it: a local
 * number in its usual 3+4 shape ("555 0132", "555-0132", "555.0132"), seven or more digits spelled or
 * spaced one by one ("five five five oh one three two") that are not a counted list, or seven digits
 * partly spelled ("five five five 0132"); not when the text says the digits are on the piece. Split over
 * two messages (a line break inside) only when each message is nothing but its part of the number.
 */
function isBareLocalNumber(run: string, groups: readonly string[], before: string, after: string): boolean {
  if (ON_THE_PIECE.test(before.slice(-40))) return false;
  if (run.includes('\n') && !(/(?:^|\n)\s*$/.test(before) && /^\s*(?:$|\n)/.test(after))) return false;
  if (groups.every((g) => g.length === 1)) return groups.length >= 7 && !isCountedList(groups);
  const localShape = groups.length === 2 && groups[0]!.length === 3 && groups[1]!.length === 4;
  if (localShape) return /^\d{3}(?:\s|\s?[-.]\s?)\d{4}$/.test(run.trim());
  // partly spelled: "five five five 0132" → "5 5 5 0132", "555 oh one three two" → "555 0 1 3 2"
  return groups.join('').length === 7 && groups.filter((g) => g.length === 1).length >= 2;
}

function isPhoneRun(run: string, before: string, after: string): boolean {
  const digits = run.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return false; // no phone is shorter or longer: skip the rest
  const international = run.trimStart().startsWith('+');
  const announced = PHONE_CONTEXT.test(before.slice(-40)) || PHONE_CONTEXT_AFTER.test(after.slice(0, 40));
  if (isRuledOut(before, after, announced)) return false;
  const groups = run.split(/[^\d]+/).filter(Boolean);
  if (international) return digits.length >= 8;
  // "sizes 5 6 7 8 9 10 11 12": many 1–2 digit groups are a list; spaced single digits and French-style
  // pairs starting with 0 ("06 12 34 56 78") are phones.
  const allSingles = groups.every((g) => g.length === 1);
  // Said aloud, a number is pairs too ("five fifty-five, oh one thirty-two" → "5 55 0 1 32"): a list is
  // in order ("5 6 7 8 9 10 11"), or, with no phone word near, anything but seven digits.
  const pairs = !allSingles && groups.every((g) => g.length <= 2) && !digits.startsWith('0');
  if (pairs && isInOrder(groups)) return false;
  if (pairs && !announced && digits.length !== 7) return false;
  if (digits.length >= 10) return true;
  // 7 to 9 digits: with words that announce a phone ("call me on 555 0132", "555 0132 is my cell"), or
  // in the shape of a local number
  if (announced) return !(allSingles && isCountedList(groups));
  return isBareLocalNumber(run, groups, before, after);
}

function findPhones(text: string): string[] {
  // "555_0132": an underscore between digit groups of 3 or more joins them ("v3_415" stays a version)
  const masked = maskNonPhones(text.replace(/(?<=\d{3})_(?=\d{3})/g, ' '));
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
      '10–15 digits in groups (8–15 after "+", 7–9 next to words like "call me" or "is my cell", or a bare ' +
      'local "555 0132"; digits may be spelled: "five five five oh one three two"), once dates, times, decimals, ' +
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
