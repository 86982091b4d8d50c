import { Link } from 'react-router';
import { useFormContext, useWatch } from 'react-hook-form';
import { BIO_MAX_LENGTH, BIO_MIN_LENGTH, eligibilityItems } from '@facet/domain/rules';
import { Checkbox, Field, Input, Textarea } from '../../../components/ui';
import type { SignupFormValues } from '../lib/signup-form';
import { PortfolioUpload } from './portfolio-upload';

export type PresenceStepProps = {
  portfolioFiles: File[];
  onPortfolioFilesChange: (files: File[]) => void;
};

function BioCounter({ length, required }: { length: number; required: boolean }) {
  const state = length > BIO_MAX_LENGTH ? 'over' : length >= BIO_MIN_LENGTH ? 'ok' : 'under';
  return (
    <span className={`bio-counter bio-counter--${state}`} id="bio-counter" aria-live="polite">
      {length} / {BIO_MAX_LENGTH}
      {required && length < BIO_MIN_LENGTH ? ` · at least ${BIO_MIN_LENGTH}` : ''}
    </span>
  );
}

export function PresenceStep({ portfolioFiles, onPortfolioFilesChange }: PresenceStepProps) {
  const { register, control, formState } = useFormContext<SignupFormValues>();
  const { errors } = formState;
  const role = useWatch({ control, name: 'role' });
  const customerType = useWatch({ control, name: 'customerType' });
  const bio = useWatch({ control, name: 'bio' }) ?? '';
  const isPro = role === 'designer' || role === 'service';
  const bioRequired = role === 'designer';

  return (
    <div className="wizard__fields">
      <div className="wizard__grid">
        <Field label="Website" error={errors.websiteUrl?.message} hint="e.g. mystudio.com">
          <Input type="text" inputMode="url" autoComplete="url" {...register('websiteUrl')} />
        </Field>
        <Field label="Instagram" error={errors.instagram?.message} hint="@handle or link">
          <Input {...register('instagram')} />
        </Field>
        <Field label="Twitter" error={errors.twitter?.message} hint="@handle or link">
          <Input {...register('twitter')} />
        </Field>
        <Field label="Facebook" error={errors.facebook?.message} hint="Page name or link">
          <Input {...register('facebook')} />
        </Field>
        {role === 'customer' && customerType === 'business' ? (
          <Field
            label="Shopify store"
            error={errors.shopifyUrl?.message}
            hint="e.g. mystore.myshopify.com"
            className="wizard__wide"
          >
            <Input inputMode="url" {...register('shopifyUrl')} />
          </Field>
        ) : null}
      </div>

      {isPro ? (
        <>
          <Field
            label="Bio"
            required={bioRequired}
            error={errors.bio?.message}
            hint={`${BIO_MIN_LENGTH}–${BIO_MAX_LENGTH} characters about you and your work.`}
          >
            <Textarea rows={4} aria-describedby="bio-counter" {...register('bio')} />
          </Field>
          <BioCounter length={bio.trim().length} required={bioRequired} />

          <section className="wizard__section" aria-labelledby="portfolio-heading">
            <h3 className="wizard__subheading" id="portfolio-heading">
              Portfolio
              {role === 'designer' ? <span className="wizard__subnote"> · a link or images</span> : null}
            </h3>
            <Field
              label="Portfolio link"
              error={errors.portfolioLink?.message}
              hint="Behance, your site, a shared folder"
            >
              <Input inputMode="url" {...register('portfolioLink')} />
            </Field>
            <PortfolioUpload files={portfolioFiles} onChange={onPortfolioFilesChange} />
          </section>
        </>
      ) : null}

      <footer className="wizard__confirm">
        {isPro ? (
          <fieldset className="wizard__confirm-set">
            <legend className="wizard__legend">Please confirm</legend>
            {eligibilityItems.map((text, index) => (
              <Checkbox
                key={text}
                label={text}
                error={errors.eligibility?.[index]?.message}
                {...register(`eligibility.${index as 0 | 1 | 2}`)}
              />
            ))}
          </fieldset>
        ) : (
          <Checkbox
            label={
              <>
                I agree to the{' '}
                <Link to="/terms-of-service" target="_blank" rel="noopener">
                  Terms Of Use
                </Link>
              </>
            }
            error={errors.acceptTerms?.message}
            {...register('acceptTerms')}
          />
        )}
      </footer>
    </div>
  );
}
