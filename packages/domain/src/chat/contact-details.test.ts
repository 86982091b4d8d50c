import { describe, expect, test } from 'vitest';
import corpusText from './fixtures/contact-details.json?raw';
import type { ContactDetectorName } from './contact-details';
import {
  CONTACT_DETECTORS,
  DEFAULT_ALLOWED_EMAIL_DOMAINS,
  NORMALISATION_STEPS,
  findContactDetails,
  isFreeOfContactDetails,
  normaliseForContactDetection,
} from './contact-details';

interface Corpus {
  about: string;
  mustBlock: (string | string[])[];
  mustPass: (string | string[])[];
}
const corpus = JSON.parse(corpusText) as Corpus;

const label = (entry: string | string[]): string => JSON.stringify(entry);
const detectorsOf = (text: string | string[]): ContactDetectorName[] => [
  ...new Set(findContactDetails(text).map((m) => m.detector)),
];
const step = (name: string) => {
  const found = NORMALISATION_STEPS.find((s) => s.name === name);
  if (!found) throw new Error(`no step ${name}`);
  return found.apply;
};

describe('the corpus', () => {
  test('keeps its description and has grown', () => {
    expect(corpus.about).toMatch(/^Chat contact-detail detector corpus\./);
    expect(corpus.mustBlock.length).toBeGreaterThanOrEqual(19 + 25);
    expect(corpus.mustPass.length).toBeGreaterThanOrEqual(10 + 40);
  });

  test.each(corpus.mustBlock.map((entry) => [label(entry), entry] as const))('blocks %s', (_, entry) => {
    expect(findContactDetails(entry)).not.toEqual([]);
  });

  test.each(corpus.mustPass.map((entry) => [label(entry), entry] as const))('passes %s', (_, entry) => {
    expect(findContactDetails(entry)).toEqual([]);
  });
});

describe('findContactDetails', () => {
  test('returns what was found, by kind and detector', () => {
    expect(findContactDetails('Email me at John.Smith@Gmail.com or call +1 415 555 0132')).toEqual([
      { kind: 'email', detector: 'email-address', value: 'john.smith@gmail.com' },
      { kind: 'phone', detector: 'phone-number', value: '+14155550132' },
    ]);
  });

  test('returns [] for clean text, an empty message and an empty list', () => {
    expect(findContactDetails('Ring size 7.5')).toEqual([]);
    expect(findContactDetails('')).toEqual([]);
    expect(findContactDetails([])).toEqual([]);
    expect(isFreeOfContactDetails('Ring size 7.5')).toBe(true);
    expect(isFreeOfContactDetails('415 555 0132')).toBe(false);
  });

  test('reads consecutive messages together: a number or address split across them', () => {
    expect(findContactDetails(['text me 415 555', '0132'])).toEqual([
      { kind: 'phone', detector: 'phone-number', value: '4155550132' },
    ]);
    expect(findContactDetails(['anna.lee', '@gmail.com'])[0]?.value).toBe('anna.lee@gmail.com');
    // each half alone is clean
    expect(findContactDetails('text me 415 555')).toEqual([]);
    expect(findContactDetails('0132')).toEqual([]);
  });

  test('does not report the same detail twice when it is whole in one message of a list', () => {
    expect(findContactDetails(['call 415 555 0132', 'thanks'])).toHaveLength(1);
  });

  test("the production team's own domain is allowed by default, other domains by option", () => {
    expect(DEFAULT_ALLOWED_EMAIL_DOMAINS).toEqual(['facet.studio']);
    expect(findContactDetails('write to orders@facet.studio')).toEqual([]);
    expect(findContactDetails('write to orders@eu.facet.studio')).toEqual([]);
    expect(findContactDetails('write to orders@fakefacet.studio')).not.toEqual([]);
    expect(findContactDetails('write to orders@facet.studio.evil.com')).not.toEqual([]);
    expect(findContactDetails('write to orders@facet.studio', { allowedEmailDomains: [] })).not.toEqual([]);
    expect(findContactDetails('write to a@castco.com', { allowedEmailDomains: ['castco.com'] })).toEqual([]);
  });

  test('every detector says why it exists', () => {
    expect(CONTACT_DETECTORS.map((d) => d.name)).toEqual([
      'email-address',
      'phone-number',
      'messenger-link',
      'messenger-handle',
      'website-offer',
    ]);
    for (const d of CONTACT_DETECTORS) expect(d.why.length).toBeGreaterThan(20);
    for (const s of NORMALISATION_STEPS) expect(s.why.length).toBeGreaterThan(20);
  });
});

describe('normalisation steps', () => {
  test('strip-invisible removes zero-width characters, bidi controls and soft hyphens', () => {
    expect(step('strip-invisible')('jo\u200bhn\u200d@\u2060gmail\u00ad.com\u202e')).toBe('john@gmail.com');
  });

  test('fold-compatibility turns full-width and styled characters into plain ones', () => {
    expect(step('fold-compatibility')('ｊｏｈｎ＠ｇｍａｉｌ．ｃｏｍ')).toBe('john@gmail.com');
    expect(step('fold-compatibility')('𝟒𝟏𝟓 ①②③')).toBe('415 123');
    expect(step('fold-compatibility')('Zoë Château')).toBe('Zoe Chateau');
  });

  test('fold-homoglyphs maps Cyrillic and Greek look-alikes and odd dashes', () => {
    expect(step('fold-homoglyphs')('gmаil.сom')).toBe('gmail.com'); // Cyrillic а and с
    expect(step('fold-homoglyphs')('ΑΝΝΑ')).toBe('anna');
    expect(step('fold-homoglyphs')('415–555—0132')).toBe('415-555-0132');
  });

  test('fold-digits reads digits of other scripts', () => {
    expect(step('fold-digits')('٤١٥ ४१५ ০৯')).toBe('415 415 09');
  });

  test('join-spaced-letters rejoins spelled-out words of three letters or more', () => {
    expect(step('join-spaced-letters')('g m a i l . c o m')).toBe('gmail . com');
    expect(step('join-spaced-letters')('size a b')).toBe('size a b');
  });

  test('unmask-at-and-dot undoes bracket, word and spacing tricks', () => {
    const unmask = step('unmask-at-and-dot');
    expect(unmask('john (at) gmail (dot) com')).toBe('john@gmail.com');
    expect(unmask('john[at]gmail[.]com')).toBe('john@gmail.com');
    expect(unmask('john{at}studio<dot>de')).toBe('john@studio.de');
    expect(unmask('john dot smith at gmail dot com')).toBe('john.smith@gmail.com');
    expect(unmask('john at gmail.com')).toBe('john@gmail.com');
    expect(unmask('anna.lee at hotmail')).toBe('anna.lee@hotmail');
    expect(unmask('john @ gmail . com')).toBe('john@gmail.com');
  });

  test('unmask-at-and-dot leaves ordinary "at" alone', () => {
    const unmask = step('unmask-at-and-dot');
    expect(unmask('look at etsy.com')).toBe('look at etsy.com');
    expect(unmask('print at 215 °c')).toBe('print at 215 °c');
    expect(unmask("i'll look at gmail later")).toBe("i'll look at gmail later");
  });

  test('spelled-digits turns runs of number words into digits, not lone words', () => {
    const spelled = step('spelled-digits');
    expect(spelled('four one five, five five five, zero one three two')).toBe('4 1 5 5 5 5 0 1 3 2');
    expect(spelled('call 415 five five five 0132')).toBe('call 415 5 5 5 0132');
    expect(spelled('double four triple five')).toBe('4 4 5 5 5');
    expect(spelled('one ring with two stones')).toBe('one ring with two stones');
    expect(spelled('oh 5 stones')).toBe('oh 5 stones');
  });

  test('letters-in-numbers reads O, l and I inside numbers as digits only', () => {
    const letters = step('letters-in-numbers');
    expect(letters('415.555.o132 and l0')).toBe('415.555.0132 and 10');
    expect(letters('10k gold, 2mm, oil finish')).toBe('10k gold, 2mm, oil finish');
  });

  test('the whole pipeline in order', () => {
    expect(normaliseForContactDetection('Jоhn (AT) gmail [.] соm')).toBe('john@gmail.com');
  });
});

describe('email-address detector', () => {
  test.each(['anna.lee+rings@proton.me', 'ANNA@EXAMPLE.ORG', 'anna.lee@gmail', 'mailto:anna@studio.io'])(
    'finds %s',
    (text) => {
      expect(detectorsOf(text)).toContain('email-address');
    },
  );

  test.each(['@Anna Smith please look', 'ring@$500', 'price @ 2.5k', 'use@mention'])('ignores %s', (text) => {
    expect(findContactDetails(text)).toEqual([]);
  });
});

describe('phone-number detector', () => {
  test.each([
    ['(415) 555-0132', '4155550132'],
    ['+44 7700 900123', '+447700900123'],
    ['07700900123', '07700900123'],
    ['06 12 34 56 78', '0612345678'],
    ['4 1 5 5 5 5 0 1 3 2', '4155550132'],
    ['my cell: 555-0132', '5550132'],
  ])('finds %s', (text, value) => {
    expect(findContactDetails(text)).toContainEqual({ kind: 'phone', detector: 'phone-number', value });
  });

  test.each([
    ['dates and timestamps', '2025-03-14 14/03/2025 2025-03-14T10:30:00Z 3.14.2025'],
    ['times', '10:30-11:15, 09:00 to 17:30'],
    ['decimals in a size list', 'sizes 4.5 5 5.5 6 6.5 7 7.5 8'],
    ['a list of whole sizes', 'available in 5 6 7 8 9 10 11 12'],
    ['measurements ending in a unit', 'chain 400 450 500 550 mm'],
    ['fractions', '750/1000 and 1/2'],
    ['money', '$4155550132 or USD 4155550132'],
    ['identifiers glued to letters or #', 'RNG-2024-0815-XL #4155550132 1Z999AA10123456784'],
    ['identifiers by the word before', 'order 4155550132, part no. 415-555-0132, GIA 2141438171'],
    ['too few digits without a phone word', 'item count 5550132'],
    ['more than 15 digits', '1234 5678 9012 3456'],
    ['percentages', '12 34 56 78 90%'],
  ])('ignores %s', (_, text) => {
    expect(detectorsOf(text)).not.toContain('phone-number');
  });
});

describe('messenger-link detector', () => {
  test.each([
    'https://wa.me/14155550132',
    't.me/annalee',
    'www.instagram.com/anna.lee.designs/',
    'facebook.com/anna.lee.rings',
    'linktr.ee/annalee',
    'tel:+14155550132',
    'skype:anna.lee?call',
  ])('finds %s', (text) => {
    expect(detectorsOf(text)).toContain('messenger-link');
  });

  test.each([
    'instagram.com/p/C4xYz12AbC',
    'we are not on facebook.com',
    'https://www.pinterest.com/pin/123456/',
    'https://facet.studio/projects/42',
  ])('ignores %s', (text) => {
    expect(findContactDetails(text)).toEqual([]);
  });
});

describe('messenger-handle detector', () => {
  test.each([
    ['telegram @john_smith3d', 'telegram:john_smith3d'],
    ['insta: anna.lee', 'insta:anna.lee'],
    ['my insta is annalee', 'insta:annalee'],
    ['add me on snapchat annaleerings', 'snapchat:annaleerings'],
    ['skype id is anna.lee.cad', 'skype:anna.lee.cad'],
  ])('finds %s', (text, value) => {
    expect(findContactDetails(text)).toContainEqual({ kind: 'handle', detector: 'messenger-handle', value });
  });

  test.each([
    'I saw this ring on instagram last week',
    'Instagram is great for inspiration',
    'my instagram is private',
    'message me on whatsapp later',
    'the signal is weak here',
    'I follow your etsy shop',
  ])('ignores %s', (text) => {
    expect(findContactDetails(text)).toEqual([]);
  });
});

describe('website-offer detector', () => {
  test.each([
    'my site johnsmith3d.com has a contact form',
    'visit my website www.annalee-jewelry.com',
    'portfolio: https://annalee.design/work',
    'get in touch through annalee.studio',
  ])('finds %s', (text) => {
    expect(detectorsOf(text)).toContain('website-offer');
  });

  test.each([
    'I found this on pinterest.com',
    'my ring looks like the one on etsy.com',
    'my site visit showed 2 issues',
    'see our guide at facet.studio/sizes',
  ])('ignores %s', (text) => {
    expect(findContactDetails(text)).toEqual([]);
  });
});

describe('file names', () => {
  test.each(['anna_4155550132.pdf', 'anna.lee@gmail.com.png', 'call-me-415-555-0132.txt'])(
    'blocks %s',
    (name) => {
      expect(findContactDetails(name)).not.toEqual([]);
    },
  );

  test.each([
    'IMG_20250314_103000.jpg',
    'PXL_20250314_103000123.jpg',
    'Screenshot 2025-03-14 at 10.30.00.png',
    '1741948200123.png',
    'quote_FCT-2025-000123.pdf',
  ])('passes %s', (name) => {
    expect(findContactDetails(name)).toEqual([]);
  });
});

describe('cost', () => {
  test('long and hostile inputs stay fast (no catastrophic backtracking)', () => {
    const hostile = [
      'a'.repeat(20_000),
      'a.'.repeat(10_000),
      `telegram${' '.repeat(10_000)}!`,
      '1 '.repeat(10_000),
      'one two '.repeat(3_000),
      `${'-'.repeat(20_000)}a`,
      'a at '.repeat(4_000),
      'ab . '.repeat(5_000),
    ];
    const started = performance.now();
    for (const text of hostile) findContactDetails(text);
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});
