/**
 * Contact-detail detector (spec section 5): a chat message, or a file name, that carries an e-mail
 * address, a phone number or another way to reach someone off the platform is blocked, except
 * addresses of the production team's own domain.
 *
 * How it works: the text goes through a NORMALISATION PIPELINE that undoes the usual disguises, then a
 * small set of NAMED DETECTORS look for one kind of contact each. Each step and detector says why it
 * exists. The tuning goal is asymmetric in one place only: ordinary jewelry talk (ring sizes,
 * dimensions, prices, dates, times, order numbers, SKUs) must never be blocked, so every detector
 * prefers to miss an odd disguise over blocking a customer's real question. The corpora in
 * `fixtures/contact-details.json` (hand-written) and `fixtures/contact-corpus.generated.json` (made from
 * templates by `scripts/contact-corpus.ts`) hold both sides and are run in the tests; the README in this
 * folder has the measured misses, false alarms and speed.
 *
 * Why hand-written rules rather than libraries: phone-number libraries validate real numbering plans
 * (fictional or made-up numbers pass through them) and do not see "four one five" or a number split
 * across two messages; Unicode confusable skeletons (TR39) fold digits into letters ("0" → "O",
 * "rn" → "m"), which destroys exactly the digit runs we look for. We need a one-way fold towards
 * ASCII letters and digits, which is small enough to read here.
 */

import {
  CONTACT_DETECTORS,
  type ContactDetectorName,
  type ContactKind,
  type DetectorContext,
} from './contact-detectors';
import { normaliseForContactDetection } from './contact-normalisation';

/** The production team's own e-mail domain; its addresses may be shared. */
export const DEFAULT_ALLOWED_EMAIL_DOMAINS: readonly string[] = ['facet.studio'];

export { CONTACT_DETECTORS } from './contact-detectors';
export type { ContactDetectorName, ContactKind } from './contact-detectors';
export { NORMALISATION_STEPS, normaliseForContactDetection } from './contact-normalisation';

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
