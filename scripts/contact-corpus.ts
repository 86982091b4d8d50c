// Generates packages/domain/src/chat/fixtures/contact-corpus.generated.json: realistic jewelry-chat
// messages that share a phone number (partly or wholly in words, short local numbers next to a phone
// word, numbers split across two messages …) and ordinary jewelry talk full of numbers that must pass.
// Deterministic (seeded), so the committed file only changes when this script does.
//
//   node --import tsx scripts/contact-corpus.ts            write the corpus
//   node --import tsx scripts/contact-corpus.ts --measure  print misses, false alarms and messages/s
//                                                           over both corpora (figures for the README)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { findContactDetails } from '../packages/domain/src/chat/contact-details';

const OUT = fileURLToPath(
  new URL('../packages/domain/src/chat/fixtures/contact-corpus.generated.json', import.meta.url),
);
const HAND = fileURLToPath(
  new URL('../packages/domain/src/chat/fixtures/contact-details.json', import.meta.url),
);

type Entry = string | string[];

// --- seeded randomness -------------------------------------------------------------------------------

let seed = 20261125;
function random(): number {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

// --- fictional numbers and ways to write them -----------------------------------------------------------

const AREAS = ['415', '212', '312', '646', '718', '305', '213', '617', '202', '503', '702', '404'];
/** A fictional US local number: 555-0100 … 555-0199. */
const local = (): [string, string] => ['555', `01${String(int(0, 99)).padStart(2, '0')}`];

const WORD = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

interface SpellStyle {
  zero: string;
  join: string;
  groupJoin: string;
  repeats: boolean;
}

function spellGroup(group: string, style: SpellStyle): string {
  const words: string[] = [];
  for (let i = 0; i < group.length; i++) {
    const d = Number(group[i]);
    const word = d === 0 ? style.zero : WORD[d]!;
    if (style.repeats && group[i + 1] === group[i]) {
      const triple = group[i + 2] === group[i];
      words.push(`${triple ? 'triple' : 'double'} ${word}`);
      i += triple ? 2 : 1;
    } else words.push(word);
  }
  return words.join(style.join);
}

function spellStyle(): SpellStyle {
  return {
    zero: pick(['oh', 'oh', 'zero', 'o', 'zero']),
    join: pick([' ', ' ', ' ', '-']),
    groupJoin: pick([', ', ' ', ' - ', '... ', ' ']),
    repeats: random() < 0.25,
  };
}

/** A fictional UK mobile: 07700 900000 … 07700 900999. */
const ukMobile = (): [string, string] => ['07700', `900${String(int(0, 999)).padStart(3, '0')}`];

const TENS_WORD = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const TEENS = [
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];

/** Two digits the way people say them: "32" → "thirty-two", "05" → "oh five", "14" → "fourteen". */
function sayPair(pair: string, zero: string): string {
  const [a, b] = [Number(pair[0]), Number(pair[1])];
  if (a === 0) return `${zero} ${WORD[b]}`;
  if (a === 1) return TEENS[b]!;
  return b === 0 ? TENS_WORD[a]! : `${TENS_WORD[a]}${pick(['-', ' '])}${WORD[b]}`;
}

/** "555 0132" said aloud: "five five five, oh one thirty-two" or "five fifty-five, oh one three two". */
function sayLocal([a, b]: readonly string[]): string {
  const zero = pick(['oh', 'o', 'zero']);
  const first =
    random() < 0.5 ? `${WORD[Number(a![0])]} ${sayPair(a!.slice(1), zero)}` : spellGroup(a!, spellStyle());
  const second =
    random() < 0.5
      ? `${sayPair(b!.slice(0, 2), zero)} ${sayPair(b!.slice(2), zero)}`
      : `${spellGroup(b!.slice(0, 2), { zero, join: ' ', groupJoin: ' ', repeats: false })} ${sayPair(b!.slice(2), zero)}`;
  return `${first}${pick([', ', ' ', ' - '])}${second}`;
}

/** Every digit in words: "five five five, oh one three two". */
function wholeWords(groups: readonly string[]): string {
  const style = spellStyle();
  return groups.map((g) => spellGroup(g, style)).join(style.groupJoin);
}

/** Some groups in words, some in digits: "five five five 0132", "415 five five five oh one 3 2". */
function mixed(groups: readonly string[]): string {
  const style = spellStyle();
  const asWords = groups.map(() => random() < 0.5);
  if (asWords.every(Boolean)) asWords[0] = false;
  if (!asWords.some(Boolean)) asWords[asWords.length - 1] = true;
  return groups.map((g, i) => (asWords[i] ? spellGroup(g, style) : g)).join(pick([' ', ' ', '-', ', ']));
}

/** Digits with a separator: "555 0132", "555-0132", "555.0132", "5550132". */
function digitsWith(groups: readonly string[]): string {
  return groups.join(pick([' ', '-', '.', ' ', '-', '']));
}

// --- what must be blocked -------------------------------------------------------------------------------

const CUE_BEFORE = [
  'my cell is {n}',
  'my cell: {n}',
  'cell {n}',
  'call me on {n}',
  'call me at {n} after 6',
  'just call me, {n}',
  'give me a call at {n} tomorrow',
  'text me {n} and I will send photos of the stone',
  'txt me at {n}',
  'you can text {n} anytime',
  'my mobile is {n}',
  'mobile: {n}',
  'phone {n}',
  'my phone number is {n}',
  'whatsapp me on {n}',
  'I am on WhatsApp, {n}',
  'signal: {n}',
  'telegram {n}',
  'reach me on {n}',
  'ring me on {n} if that is easier',
  'dial {n} and ask for Anna',
  'my number is {n}',
  'my number: {n}',
  'here is my number {n}, easier than this chat',
  'quicker by phone, {n}',
  'Hi! For the sizing questions call me {n}',
  'Love the sketch. Text me at {n} so we can talk through the setting',
  'Can you call me? {n}',
  'My cell is {n}, the band width is easier to explain by phone',
  'Sure, whatsapp {n} and I will send the wax photos',
];

const CUE_AFTER = [
  '{n} is my cell',
  '{n} is my number',
  '{n} - that is my mobile',
  '{n}, call me',
  '{n} text me when the render is done',
  'Easier this way: {n} is my whatsapp',
  'Here you go {n} (mobile)',
  '{n} is my direct line',
];

const LONGER = [
  'Thanks for the sketches! The oval looks great. Honestly it would be faster to talk, my cell is {n}, any time after 5',
  'I am not great at typing on my phone, can you just call me on {n}? I want to explain the engraving',
  'Love the 3 stone version. my number {n} if you want to discuss the 2 x 3 mm side stones',
  "Before you start the wax: text me on {n}, I need to check my partner's ring size 7.5 first",
  'The $1,250 quote is fine. Whatsapp {n} for the deposit details?',
  'ok so {n} is my cell, call after 6 and we can settle the 18k vs platinum question',
  'Sorry for the delay!! 🙏 cell {n} if easier',
  "hey, it's me again - ring me on {n}, the size 6 1/2 band is urgent",
  'For the rush order call {n} and ask for Marco, he handles ship by 12/15 orders',
  'Order #10423 question, please phone {n}',
  'i prefer telegram {n} for quick questions about the 925 silver version',
  'Can we move this to signal? {n}',
  'my mobile is {n} (UK time), lead time 10 days is fine',
  'Reach me on {n} tomorrow, I will be at the bench all day',
  'Here is my number {n}, text anytime. The 0.5 ct stone is in the post',
];

const BARE = [
  '{n}',
  '{n} after 5pm',
  'ok {n}',
  'Anna {n}',
  'Thanks! {n}',
  '{n} - anytime after lunch',
  'try {n} tomorrow morning',
  'Best is {n}',
];

const FULL = [
  'my cell is {n}',
  'call {n} when you can',
  '{n} is my mobile',
  'You can reach the workshop at {n}',
  'Can we talk by phone? {n}',
  'text {n} for the rush order',
];

function fill(template: string, number: string): string {
  return template.replace('{n}', number);
}

function sentence(text: string): string {
  return random() < 0.3 ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

function mustBlock(): Record<string, Entry[]> {
  const wordsOnly: string[] = [];
  const partly: string[] = [];
  const shortWithCue: string[] = [];
  const bare: string[] = [];
  const tenDigits: string[] = [];
  const split: string[][] = [];
  const said: string[] = [];
  const uk: string[] = [];
  for (let i = 0; i < 40; i++) {
    said.push(sentence(fill(pick([...CUE_BEFORE, ...CUE_AFTER, ...BARE]), sayLocal(local()))));
    const m = ukMobile();
    const way = random();
    uk.push(
      sentence(
        fill(pick([...FULL, ...CUE_BEFORE]), way < 0.4 ? wholeWords(m) : way < 0.8 ? mixed(m) : m.join(' ')),
      ),
    );
  }
  for (let i = 0; i < 60; i++) {
    const g = local();
    wordsOnly.push(sentence(fill(pick([...CUE_BEFORE, ...CUE_AFTER, ...BARE]), wholeWords(g))));
    partly.push(sentence(fill(pick([...CUE_BEFORE, ...CUE_AFTER]), mixed(g))));
    shortWithCue.push(sentence(fill(pick([...CUE_BEFORE, ...CUE_AFTER]), digitsWith(g))));
    const area = pick(AREAS);
    const ten = [area, ...local()];
    tenDigits.push(sentence(fill(pick(FULL), random() < 0.5 ? wholeWords(ten) : mixed(ten))));
  }
  for (let i = 0; i < 30; i++) {
    const g = local();
    bare.push(fill(pick(BARE), g.join(pick([' ', '-', '.']))));
  }
  for (let i = 0; i < 50; i++) {
    const [a, b] = local();
    const style = random();
    const first = style < 0.33 ? a : style < 0.66 ? spellGroup(a, spellStyle()) : a;
    const second =
      style < 0.33 ? b : style < 0.66 ? spellGroup(b, spellStyle()) : spellGroup(b, spellStyle());
    const cue = pick([
      'my cell is',
      'call me on',
      'text me',
      'my number is',
      'whatsapp',
      'reach me on',
      'phone',
    ]);
    const withCue = random() < 0.7;
    split.push([withCue ? `${cue} ${first}` : first, second]);
  }
  return {
    'whole number in words': dedupe(wordsOnly),
    'partly in words': dedupe(partly),
    'short local number with a phone word': dedupe(shortWithCue),
    'bare local number': dedupe(bare),
    'ten digits in words or mixed': dedupe(tenDigits),
    'split across two messages': dedupeLists(split),
    'said aloud (tens and teens)': dedupe(said),
    'UK mobile in words, mixed or digits': dedupe(uk),
    'in a longer message': dedupe(
      [...LONGER, ...LONGER].map((t) => fill(t, pick([wholeWords, mixed, digitsWith, sayLocal])(local()))),
    ),
  };
}

// --- what must pass -------------------------------------------------------------------------------------

const SIZES = ['4', '4.5', '5', '5.5', '6', '6.5', '7', '7.5', '8', '8.5', '9', '10', '11'];
const METALS = [
  '14k yellow gold',
  '18k white gold',
  '925 silver',
  'platinum 950',
  '10k rose gold',
  '22k gold',
];
const STONES = ['moissanite', 'sapphire', 'emerald', 'lab diamond', 'ruby', 'morganite', 'aquamarine'];
const SHAPES = ['oval', 'round', 'pear', 'cushion', 'emerald-cut', 'marquise'];

const PASS_TEMPLATES: readonly (() => string)[] = [
  () => `Ring size ${pick(SIZES)}, ${pick(['1.8', '2', '2.2', '2.5', '3'])} mm band in ${pick(METALS)}`,
  () => `size ${pick(SIZES)} please`,
  () => `Can you do ring size ${int(4, 9)} 1/2?`,
  () =>
    `Stone is ${int(5, 9)} x ${int(3, 7)} mm ${pick(SHAPES)}, about ${pick(['0.5', '0.75', '1.2', '1.5', '2'])} ct`,
  () => `${int(2, 3)} x ${int(3, 5)} mm baguettes on each side`,
  () => `Quote is $${int(1, 4)},${int(100, 999)} incl. the ${pick(STONES)}`,
  () => `$${int(350, 990)} for the wax, $${int(1, 2)},${int(100, 900)} cast and set`,
  () => `Budget ${pick(['$', 'USD ', '€'])}${int(8, 30)}00, can we stay under that?`,
  () => `Could you ship by ${int(1, 12)}/${int(1, 28)}? It is for an anniversary`,
  () => `Need it by ${int(1, 12)}/${int(1, 28)}/${pick(['2025', '2026', '26'])}`,
  () => `Order #${int(10000, 99999)} arrived, thank you!`,
  () => `order ${int(10000, 99999)} and order ${int(10000, 99999)} can ship together`,
  () => `My order number is ${int(100000, 9999999)}`,
  () => `Lead time ${int(7, 21)} days after approval, ${int(2, 3)} revisions included`,
  () => `${pick(['1.2', '1.5', '1.8', '2.0'])}mm band, ${pick(['0.8', '1', '1.1'])} mm prongs`,
  () => `${int(3, 7)} ${int(3, 7)} ${int(3, 7)} stones along the shoulder, graduated`,
  () => `${int(2, 6)} ${int(2, 6)} ${int(2, 6)} stones in the three rows, is that right?`,
  () => `Total weight ${int(3, 9)}.${int(1, 9)} g in ${pick(METALS)}`,
  () =>
    `${pick(['0.5', '0.25', '0.33', '1.01'])} ct center, ${pick(['VS1', 'VS2', 'SI1'])}, colour ${pick(['F', 'G', 'H'])}`,
  () => `Chain ${pick(['16', '18', '20', '22'])} inch, ${pick(['1.5', '2', '2.5'])} mm cable`,
  () => `Pendant ${int(15, 30)} x ${int(10, 20)} x ${int(2, 5)} mm`,
  () => `Call me when the ${pick(['render', 'wax', 'casting', 'CAD'])} is ready`,
  () => `Can you text me a photo of the ${pick(STONES)} here in the chat?`,
  () => `My number is the same as on the order #${int(10000, 99999)}`,
  () =>
    `Text engraving "${pick(['forever', 'always', 'A & J'])} ${int(1, 12)}.${int(1, 28)}.${int(1990, 2025)}" inside`,
  () => `Engraving text: ${int(1, 28)} ${int(1, 12)} ${int(1990, 2025)}`,
  () => `The watch dial is ${int(34, 42)} mm, the strap ${int(18, 22)} mm`,
  () => `ring ${int(1, 3)} is size ${pick(SIZES)}, ring ${int(4, 6)} is size ${pick(SIZES)}`,
  () => `Call me old-fashioned but I prefer ${pick(METALS)} over ${pick(METALS)}`,
  () => `I can call the setter tomorrow about the ${int(2, 4)} mm ${pick(STONES)}`,
  () => `Cell setting? No, bezel ${pick(['0.4', '0.5', '0.6'])} mm walls`,
  () => `Ordered ${int(2, 12)} pieces at $${int(40, 250)} each, total $${int(1, 3)},${int(100, 999)}`,
  () =>
    `Shipping ${int(3, 10)}-${int(11, 15)} business days, tracking ${int(1000, 9999)} ${int(1000, 9999)} ${int(1000, 9999)}`,
  () => `The ${pick(['signal', 'telegram'])} ring design from your portfolio, in size ${pick(SIZES)}`,
  () => `Two or three ${pick(STONES)}s, one ${pick(SHAPES)} and two round`,
  () => `One and a half carats, maybe two`,
  () => `size six or six and a half, not seven`,
  () => `Five five-millimetre stones and one seven-millimetre center`,
  () => `Phone is dying, I will reply tomorrow about the ${int(2, 4)} revisions`,
  () => `Deposit ${int(30, 50)}% now ($${int(300, 900)}), rest on delivery ${int(1, 12)}/${int(1, 28)}`,
  () =>
    `${int(2, 9)} x ${int(2, 9)} mm is too big, can we do ${int(2, 5)}.${int(1, 9)} x ${int(2, 5)}.${int(1, 9)}?`,
  () => `Wax print at ${int(25, 50)} microns, shrinkage ${int(1, 2)}.${int(1, 9)}%`,
  () => `Invoice ${int(2025, 2026)}-${String(int(1, 999)).padStart(4, '0')} attached`,
  () => `Revision ${int(2, 4)} of ${int(3, 5)}: raise the gallery ${pick(['0.2', '0.3', '0.5'])} mm`,
  () => `Between ${int(300, 700)} and ${int(1000, 2500)} dollars is fine`,
  () => `Prices went from $${int(800, 999)} to $${int(1, 2)},${int(100, 500)} with the upgrade`,
  () =>
    `The sample has ${int(30, 80)} stones, ${pick(['1.1', '1.2', '1.3'])} to ${pick(['1.5', '1.7', '2.0'])} mm`,
  () => `Please call it version ${int(2, 5)} in the file name`,
  () =>
    `Meet at ${int(9, 11)}:${pick(['00', '15', '30', '45'])} on ${int(1, 12)}/${int(1, 28)} for the review call here?`,
  () => `GIA report ${int(1000000000, 2199999999)} is attached`,
  () =>
    `Batch ${int(2025, 2026)}${String(int(1, 12)).padStart(2, '0')}${String(int(1, 28)).padStart(2, '0')} cast ok`,
  () =>
    `${int(3, 5)} prongs or ${int(6, 8)} prongs? ${int(6, 8)} feels safer for ${pick(['0.75', '1.5', '2'])} ct`,
  () => `Year ${int(2019, 2024)} ${int(2020, 2025)} anniversary band, size ${pick(SIZES)}`,
  () => `Prices: ${int(600, 899)} / ${int(900, 1200)} / ${int(1300, 1900)} depending on the stone`,
  () => `Please ship to ${int(10000, 99999)}-${int(1000, 9999)}, it is my office`,
  () => `Text me when it ships to ${int(10000, 99999)}-${int(1000, 9999)}`,
  () => `Engrave text ${int(1, 28)} ${String(int(1, 12)).padStart(2, '0')} ${int(1990, 2025)} on the inside`,
  () => `Oh, one more thing: ${pick(['two', 'three', 'four'])} prongs, not ${pick(['five', 'six'])}`,
  () => `Stones numbered 1 2 3 4 5 6 7 in the CAD, smallest first`,
  () => `Call me about order #${int(10000, 99999)} in here when you can`,
  () =>
    `Can you text me the tracking number here? FedEx ${int(1000, 9999)} ${int(1000, 9999)} ${int(1000, 9999)}`,
  () => `${pick(['One', 'Two', 'Three'])} rings: size ${pick(SIZES)}, ${pick(SIZES)} and ${pick(SIZES)}`,
  () => `five five-stone bands, size ${pick(SIZES)}, each about $${int(400, 900)}`,
  () => `Weight ${int(3, 6)} ${int(3, 6)} ${int(3, 6)} grams for the three sizes`,
  () =>
    `Ring ${int(1, 3)}: ${int(5, 8)} ${int(5, 8)} ${int(5, 8)} stones per row, ${pick(['1.3', '1.5'])} mm`,
  () => `Cell phone charm ${int(15, 25)} x ${int(8, 12)} mm, engraving ${pick(['A', 'J', 'M'])}`,
  () => `The number of stones is ${int(30, 80)}, ${int(2, 4)} rows`,
  () => `Call it ${int(2, 4)} weeks, ${int(1, 2)} for CAD and ${int(1, 2)} for casting`,
  () => `Ring size 7 US, 54 EU, N 1/2 UK`,
  () => `Earrings ${int(10, 20)} mm drop, ${int(4, 6)} mm studs, ${pick(METALS)}`,
  () => `I dialed in the size: ${pick(SIZES)} fits perfectly`,
  () => `Signal ring with a ${int(10, 14)} x ${int(8, 12)} mm face, ${pick(METALS)}`,
  () => `my phone died, the photo of the ${pick(['0.5', '0.7', '1'])} ct stone is attached now`,
  () => `Pieces 1-${int(8, 20)} are ${pick(METALS)}, ${int(21, 30)}-${int(31, 40)} are silver`,
  () => `Item ${int(100, 999)} ${int(1000, 9999)} from the Stuller catalog`,
  () => `SKU ${int(100, 999)}-${int(1000, 9999)} is the clasp, ${int(5, 8)} mm`,
  () => `${int(100, 999)} ${int(1000, 9999)} pieces? No, ${int(10, 50)} pieces is plenty`,
  () => `I'll call the bank about the $${int(1, 9)},${int(100, 999)} transfer`,
  () => `${int(2, 4)} or ${int(5, 6)} days is fine, ring ${pick(SIZES)} first`,
];

const PASS_PAIRS: readonly (() => [string, string])[] = [
  () => [`Ring size ${pick(SIZES)}`, `band ${pick(['2', '2.5', '3'])} mm please`],
  () => [`Budget ${int(800, 999)}`, `${int(1000, 1500)} if the ${pick(STONES)} is better`],
  () => [`order #${int(10000, 99999)}`, `arrived today, thank you`],
  () => [`call me when it ships`, `it is for ${int(1, 12)}/${int(1, 28)}`],
  () => [`${int(2, 5)} stones`, `${int(3, 6)} mm each`],
  () => [`lead time?`, `${int(7, 20)} days is ok`],
  () => [`text me a photo here`, `of the ${int(3, 7)} x ${int(3, 7)} mm ${pick(SHAPES)}`],
  () => [
    `Quote ${int(2, 3)} is $${int(1, 3)},${int(100, 999)}`,
    `quote ${int(4, 5)} is $${int(1, 3)},${int(100, 999)}`,
  ],
  () => [`size ${int(5, 8)}`, `${int(5, 8)} 1/2 for the other one`],
  () => [`${pick(METALS)}`, `${int(3, 8)}.${int(1, 9)} g finished weight`],
  () => [`call me when it's cast`, `order #${int(10000, 99999)}`],
  () => [`my number is on the invoice`, `INV-${int(2025, 2026)}-${int(1000, 9999)}`],
  () => [`Prices ${int(500, 999)}`, `and ${int(1000, 1999)} for the bigger one`],
  () => [`size ${int(5, 8)} and ${int(5, 8)}`, `${int(2, 4)} ${int(2, 4)} ${int(2, 4)} stones`],
  () => [`two or three`, `maybe four stones`],
];

function mustPass(): Record<string, Entry[]> {
  const single: string[] = [];
  for (let round = 0; round < 6; round++) for (const t of PASS_TEMPLATES) single.push(sentence(t()));
  const pairs: string[][] = [];
  for (let round = 0; round < 5; round++) for (const t of PASS_PAIRS) pairs.push(t());
  return {
    'jewelry talk with numbers': dedupe(single),
    'two consecutive messages': dedupeLists(pairs),
  };
}

function dedupe(list: string[]): string[] {
  return [...new Set(list)];
}
function dedupeLists(list: string[][]): string[][] {
  const seen = new Set<string>();
  return list.filter((l) => !seen.has(JSON.stringify(l)) && seen.add(JSON.stringify(l)));
}

// --- main -----------------------------------------------------------------------------------------------

interface GeneratedCorpus {
  about: string;
  mustBlock: Record<string, Entry[]>;
  mustPass: Record<string, Entry[]>;
}

function generate(): GeneratedCorpus {
  return {
    about:
      'Generated by scripts/contact-corpus.ts (do not edit by hand; change the script and run it). ' +
      'Phone numbers are fictional (555-01xx). mustBlock and mustPass are grouped by what they test; ' +
      'an entry is a message or two consecutive messages of one sender.',
    mustBlock: mustBlock(),
    mustPass: mustPass(),
  };
}

function measure(): void {
  const generated = JSON.parse(readFileSync(OUT, 'utf8')) as GeneratedCorpus;
  const hand = JSON.parse(readFileSync(HAND, 'utf8')) as { mustBlock: Entry[]; mustPass: Entry[] };
  const block = [...hand.mustBlock, ...Object.values(generated.mustBlock).flat()];
  const pass = [...hand.mustPass, ...Object.values(generated.mustPass).flat()];
  const misses = block.filter((e) => findContactDetails(e).length === 0);
  const alarms = pass.filter((e) => findContactDetails(e).length > 0);
  console.log(`must block: ${block.length}, missed ${misses.length}`);
  for (const m of misses) console.log('  miss', JSON.stringify(m));
  console.log(`must pass: ${pass.length}, false alarms ${alarms.length}`);
  for (const a of alarms) console.log('  alarm', JSON.stringify(a), JSON.stringify(findContactDetails(a)));
  const all = [...block, ...pass];
  const messages = all.reduce((n, e) => n + (typeof e === 'string' ? 1 : e.length), 0);
  for (let i = 0; i < 3; i++) for (const e of all) findContactDetails(e); // warm up
  // five trials of ten passes over the corpus; the median is the figure (the machine is shared)
  const rates: number[] = [];
  for (let trial = 0; trial < 5; trial++) {
    const started = performance.now();
    for (let i = 0; i < 10; i++) for (const e of all) findContactDetails(e);
    rates.push((messages * 10) / ((performance.now() - started) / 1000));
  }
  rates.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n).toLocaleString('en-US');
  console.log(
    `${messages} messages in ${all.length} entries: median ${round(rates[2]!)} messages/s ` +
      `(trials ${round(rates[0]!)}–${round(rates[4]!)}), ${(1000 / rates[2]!).toFixed(3)} ms a message (Node ${process.version})`,
  );
}

if (process.argv.includes('--measure')) measure();
else {
  const corpus = generate();
  const options = { ...(await resolveConfig(OUT)), filepath: OUT };
  writeFileSync(OUT, await format(JSON.stringify(corpus, null, 2), options));
  const count = (r: Record<string, Entry[]>) => Object.values(r).flat().length;
  console.log(`wrote ${OUT}: ${count(corpus.mustBlock)} to block, ${count(corpus.mustPass)} to pass`);
}
