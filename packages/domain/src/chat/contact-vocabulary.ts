// Vocabulary of the contact-detail detector (see contact-details.ts): the domains, providers, units,
// identifier words and messenger names that the normalisation pipeline and the detectors share.

/** Top-level domains we recognise when an address or site is written without "@" or "http". */
export const TLDS =
  'com|net|org|io|co|uk|us|ca|au|nz|de|fr|it|es|nl|be|ch|at|se|no|dk|fi|pl|pt|ie|ru|ua|in|jp|cn|br|mx|za|' +
  'me|info|biz|studio|design|art|shop|store|online|site|website|xyz|app|dev|ai|jewelry|jewellery|gold|' +
  'email|mail|tv|ly|gg|eu|page|link|club|live|pro|work';
export const TLD = `(?:${TLDS})`;

/** Mailbox providers: "john at gmail.com" is an address; "look at etsy.com" is not. */
export const MAIL_PROVIDERS = new Set([
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
export const BARE_PROVIDERS =
  'gmail|googlemail|yahoo|hotmail|outlook|icloud|protonmail|proton|aol|gmx|yandex';

/** Units that follow measurements: a run of numbers ending in one is a list of sizes, not a phone. */
export const UNIT_AFTER =
  /^\s*(?:in\.?(?=\s*(?:$|[,;)\n]))|mm|cm|dm|m|inch|inches|ft|feet|foot|"|g|gr|gram|grams|kg|oz|dwt|ct|cts|carat|carats|k|kt|karat|karats|%|percent|px|dpi|mb|gb|kb|bytes?|°|deg|degrees|tris|triangles|polys?|polygons|faces|vertices|pcs|pieces|units|stones?|diamonds?|gems?|gemstones?|pearls?|beads?|prongs?|links?|rings?|pendants?|charms?|samples?|x|usd|eur|gbp|dollars?|euros?|pounds?|days?|weeks?|hours?|minutes?|mins?|years?)(?![a-z])/;

/**
 * Words right before a number that make it an identifier (order, SKU, part, tracking …), an engraving or
 * a list of values (prices, weights …), not a phone.
 */
export const IDENTIFIER_BEFORE =
  /\b(?:order|orders|sku|skus|part|parts|p\/n|pn|item|items|invoice|inv|ref|reference|tracking|track|serial|s\/n|lot|batch|po|model|id|ticket|case|article|catalog|catalogue|cat|code|version|build|size|sizes|mesh|file|project|style|stock|mold|mould|die|tree|flask|casting|design|report|certificate|cert|gia|igi|hrd|ags|inscription|inscribed|engrave|engraving|engraved|reads|numbers|hallmark|price|prices|cost|costs|list|budget|total|totals|options|quantity|quantities|qty|weights?|widths?|lengths?|receipt|transaction|txn|payment|kit|fedex|ups|usps|dhl|shipment|parcel|waybill|awb)\s*(?:no\.?|number|num|nr|#|id|code)?\s*(?:is|was|:|#|=)?\s*$/;

/**
 * Words before a number that mean "this is how to reach me"; they lower the digits a phone needs. "text"
 * after "engraving", "the" or "inscription" is the engraving's text, "ring" is a ring until it takes a
 * "me", and "dial" a watch's until it takes a "me" or comes right before the number.
 */
export const PHONE_CONTEXT =
  /\b(?:call|calling|phone|phones|tel|telephone|mobile|mob|cell|cellphone|(?<!(?:engrave|engraving|engraved|the|inscription|font|your|this|alt|body)\s)(?:text|txt)|sms|imessage|facetime|whats\s?app|wa|viber|signal|telegram|number|num|digits|(?:ring|buzz|reach|contact|hmu|hit)\s+me|dial\s+me|landline|fax|hotline|direct line)\b|\bdial\s*:?\s*$/;

/** Right after a number: "… is my cell", "… call me", "… (mobile)": the number is offered as a phone. */
export const PHONE_CONTEXT_AFTER =
  /^[\s,.;:)(-]{0,4}(?:(?:is|=|that's|thats|that\s+is|this\s+is|it's|its|it\s+is)\s+)?(?:(?:my|our|the)\s+)?(?:(?:own|direct|personal|work|private|new)\s+)?(?:cell|mobile|mob|phone|number|num|whats\s?app|signal|telegram|line|landline|digits|(?:call|text|txt|ring|buzz|whatsapp)\s+(?:me|us))\b/;

/** Messengers and social networks named before a handle ("telegram @john", "insta: john.doe"). */
export const PLATFORM =
  '(?:telegram|tg|whats\\s?app|insta|instagram|ig|signal|skype|snapchat|facebook|fb|discord|wechat|viber|kik|tiktok|twitter|threads|linkedin|messenger|pinterest|behance|dribbble|etsy)';

/** Hosts whose links reach a person directly: messengers, social profiles, link pages, schedulers. */
export const MESSENGER_HOSTS =
  '(?:wa\\.me|(?:api|chat|web)\\.whatsapp\\.com|whatsapp\\.com|t\\.me|telegram\\.(?:me|dog)|m\\.me|messenger\\.com|' +
  'signal\\.(?:me|group)|join\\.skype\\.com|snapchat\\.com|instagram\\.com|instagr\\.am|facebook\\.com|fb\\.com|fb\\.me|' +
  'linkedin\\.com|twitter\\.com|x\\.com|tiktok\\.com|discord\\.gg|discord\\.com|line\\.me|viber\\.com|linktr\\.ee|' +
  'beacons\\.ai|calendly\\.com)';

/** Instagram paths that show a post rather than a person's profile: shared as inspiration. */
export const INSTAGRAM_POST_PATH = /^\/(?:p|reel|reels|tv|explore)\//;

/** "Handles" that are plain words: "message me on whatsapp later" names no account. */
export const COMMON_WORDS = new Set(
  (
    'the a an and or but not no yes is are was be it this that there here then than too also just only ' +
    'very really so now later soon today tomorrow tonight please thanks thank ok okay sure maybe great good ' +
    'nice cool fine private public down up full busy closed open new old same again instead either if when ' +
    'where how why what which who for from with without about after before of to in on at by as me my you ' +
    'your our we us they them he she his her its all any some more most please pls plz instead anymore ' +
    'page account profile handle name username id dm dms message messages chat inbox'
  ).split(' '),
);
