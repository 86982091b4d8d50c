import {
  accountMessages,
  checkPortfolioUpload,
  createSignupInputSchema,
  isSupportedPortfolioFile,
  PORTFOLIO_EXTENSIONS,
  type SignupInput,
} from '@facet/domain/rules';
import type { Db } from '../../db/client';
import { AppError, validationError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { FileRow, FilesService } from '../../platform/files/files.service';
import { contentMatchesName } from '../../platform/files/content-check';
import { geo } from '../geo/geo.service';
import type { OnboardingService } from '../onboarding/onboarding.service';
import { type AccountsService, checkAddress, hashPassword, splitFullName } from './accounts.service';
import { normaliseEmail } from './accounts.queries';
import type { SessionStore } from './sessions.service';
import type { AuthThrottle } from './auth-throttle';
import { mailJob, sendMails } from '../../platform/mail/mail-job';

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

const hasStates = (country: string) => geo.states(country).length > 0;

/** Sign-up: the wizard's payload checked by the same rules the browser used, then one transaction. */
export function signupService(deps: {
  db: Db;
  sessions: SessionStore;
  files: FilesService;
  jobs: Jobs;
  accounts: AccountsService;
  onboarding: OnboardingService;
  throttle: AuthThrottle;
}) {
  const q = deps.accounts.queries;

  return {
    async signup(body: unknown, portfolio: UploadedFile[], userAgent?: string) {
      const parsed = createSignupInputSchema({ hasStates, portfolioImageCount: portfolio.length }).safeParse(
        body,
      );
      if (!parsed.success) throw validationError(parsed.error.issues);
      const input: SignupInput = parsed.data;
      checkAddress(input.address);

      if (portfolio.length) {
        const problem = checkPortfolioUpload(
          portfolio.map((f) => ({ name: f.name, size: f.bytes.byteLength })),
        );
        let unsupported = false;
        for (const f of portfolio) {
          if (
            !isSupportedPortfolioFile(f.name) ||
            !(await contentMatchesName(f.name, f.bytes, PORTFOLIO_EXTENSIONS))
          )
            unsupported = true;
        }
        if (problem || unsupported) {
          const message = unsupported ? accountMessages.portfolioFilesUnsupported : problem!;
          throw new AppError('validation_failed', message, 400, { portfolioImages: message });
        }
      }
      const answers = await deps.onboarding.checkAnswers(input.answers ?? []);
      // probing which emails have accounts is slow from any number of addresses
      const email = normaliseEmail(input.email);
      await deps.throttle.check('signup', email);
      if (await q.findByEmail(input.email)) {
        await deps.throttle.fail('signup', email);
        throw emailTaken();
      }

      const passwordHash = await hashPassword(input.password);
      const { firstName, lastName } = splitFullName(input.fullName);
      const isPro = input.role !== 'customer';
      // portfolio bytes are stored first; only their rows join the account's transaction
      const stored: FileRow[] = [];
      const seen = new Set<string>();
      for (const file of portfolio) {
        if (seen.has(file.name)) continue; // duplicates by name are skipped
        seen.add(file.name);
        stored.push(await deps.files.store({ ownerId: null, purpose: 'portfolio', ...file }));
      }

      let user;
      try {
        user = await deps.db.transaction((tx) =>
          q.insertAccount(tx, {
            user: {
              email: normaliseEmail(input.email),
              passwordHash,
              role: input.role,
              status: isPro ? 'pending' : 'active',
              firstName,
              lastName,
              phone: input.phone ?? null,
              firstTimeLogin: true,
              questionsBanner: input.role === 'customer' && answers.length === 0,
            },
            address: input.address,
            profile: {
              customerType: input.customerType ?? null,
              purpose: input.purpose ?? [],
              skills: input.skills ?? [],
              cadSkills: input.cadSkills ?? [],
              softwareSkills: input.softwareSkills ?? [],
              softwareOwn: input.softwareOwn ?? [],
              serviceTypes: input.serviceTypes ?? [],
              otherExperience: input.otherExperience ?? null,
              tellWhy: input.tellWhy ?? null,
              bio: input.bio ?? null,
              portfolioLink: input.portfolioLink ?? null,
              websiteUrl: input.websiteUrl ?? null,
              instagram: input.instagram ?? null,
              twitter: input.twitter ?? null,
              facebook: input.facebook ?? null,
              shopifyUrl: input.shopifyUrl ?? null,
              acceptedTermsAt: input.acceptTerms ? new Date() : null,
              confirmedEligibilityAt: input.eligibility?.every(Boolean) ? new Date() : null,
            },
            answers,
            portfolio: stored.map((f) => ({
              fileKey: f.id,
              name: f.name,
              contentType: f.contentType,
              sizeBytes: f.sizeBytes,
            })),
          }),
        );
      } catch (error) {
        const e = error as { code?: string; cause?: { code?: string } };
        if (e.code === '23505' || e.cause?.code === '23505') {
          throw emailTaken();
        }
        throw error;
      }
      for (const f of stored) await deps.files.setOwner(f.id, user.id);

      await sendMails(deps.jobs, [
        mailJob(isPro ? 'newProfessional' : 'newCustomer', user.email, {
          firstName: user.firstName,
          role: user.role,
        }),
      ]);
      const session = await deps.sessions.create(user.id, userAgent);
      return { session, me: await deps.accounts.toMe(user) };
    },
  };
}

const emailTaken = () =>
  new AppError('email_taken', 'An account with this email already exists.', 409, {
    email: 'An account with this email already exists.',
  });

export type SignupService = ReturnType<typeof signupService>;
