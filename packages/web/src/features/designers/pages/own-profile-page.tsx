import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { accountMessages, BIO_MAX_LENGTH, bioSchema } from '@facet/domain/rules';
import { useAuth } from '../../../app/auth';
import { Button, Card, EmptyState, Field, Input, Skeleton, Textarea, toast } from '../../../components/ui';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useDesigner } from '../api/get-designer';
import type { DesignerProfile } from '../api/types';
import { useUpdateOwnProfile } from '../api/update-own-profile';
import { DesignerProfileView } from '../components/designer-profile-view';
import '../components/pro-card.css';

const joinList = (items: string[]) => items.join(', ');
const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Spec section 5, the sign-up rules: a designer's bio is required, 100 to 250 characters; a service
 * provider's is optional, at most 250. The server checks the same.
 */
export function bioError(bio: string, role: 'designer' | 'service'): string | undefined {
  const trimmed = bio.trim();
  if (role === 'service') return trimmed.length > BIO_MAX_LENGTH ? accountMessages.bioTooLong : undefined;
  return bioSchema.safeParse(trimmed).error?.issues[0]?.message;
}

function ProfileForm({ designer, onDone }: { designer: DesignerProfile; onDone: () => void }) {
  const update = useUpdateOwnProfile();
  const service = designer.role === 'service';
  const [bio, setBio] = useState(designer.bio ?? '');
  const [skills, setSkills] = useState(joinList(designer.skills));
  const [software, setSoftware] = useState(joinList(designer.softwareSkills));
  const [softwareOwn, setSoftwareOwn] = useState(joinList(designer.softwareOwn));
  const [cad, setCad] = useState(joinList(designer.cadSkills));
  const [serviceTypes, setServiceTypes] = useState(joinList(designer.serviceTypes));
  const [portfolioLink, setPortfolioLink] = useState(designer.portfolioLink ?? '');
  const [link, setLink] = useState(designer.link ?? '');
  const [phone, setPhone] = useState(designer.phone ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    const bioProblem = bioError(bio, designer.role);
    if (bioProblem) next.bio = bioProblem;
    if (phone.trim() && !/^\d{6,15}$/.test(phone.trim()))
      next.phone = 'Phone must contain only numbers (6–15 digits)';
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await update.mutateAsync({
        bio: bio.trim(),
        skills: splitList(skills),
        softwareSkills: splitList(software),
        softwareOwn: splitList(softwareOwn),
        cadSkills: splitList(cad),
        ...(service ? { serviceTypes: splitList(serviceTypes) } : {}),
        portfolioLink: portfolioLink.trim() || null,
        link: link.trim() || null,
        phone: phone.trim() || null,
      });
      toast({ title: 'Profile saved' });
      onDone();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length) setErrors(error.fields);
      else setErrors({ form: errorMessage(error) });
    }
  }

  return (
    <Card as="section" tone="outline" className="profile-section" aria-labelledby="edit-title">
      <h2 id="edit-title">Edit your profile</h2>
      <form className="profile-form" onSubmit={submit} noValidate>
        <Field
          label="Bio"
          hint={service ? 'Up to 250 characters' : '100 to 250 characters'}
          error={errors.bio}
          required={!service}
        >
          <Textarea value={bio} onChange={(e) => setBio(e.target.value)} rows={4} />
        </Field>
        <Field label="Specialties" hint="Separate with commas" error={errors.skills}>
          <Input value={skills} onChange={(e) => setSkills(e.target.value)} />
        </Field>
        <Field label="Software skills" hint="Separate with commas" error={errors.softwareSkills}>
          <Input value={software} onChange={(e) => setSoftware(e.target.value)} />
        </Field>
        <Field label="Software owned" hint="Separate with commas" error={errors.softwareOwn}>
          <Input value={softwareOwn} onChange={(e) => setSoftwareOwn(e.target.value)} />
        </Field>
        <Field label="CAD skills" hint="Separate with commas" error={errors.cadSkills}>
          <Input value={cad} onChange={(e) => setCad(e.target.value)} />
        </Field>
        {service ? (
          <Field label="Service types" hint="Separate with commas" error={errors.serviceTypes}>
            <Input value={serviceTypes} onChange={(e) => setServiceTypes(e.target.value)} />
          </Field>
        ) : null}
        <Field label="Portfolio link" error={errors.portfolioLink}>
          <Input type="url" value={portfolioLink} onChange={(e) => setPortfolioLink(e.target.value)} />
        </Field>
        <Field label="Website" error={errors.link}>
          <Input type="url" value={link} onChange={(e) => setLink(e.target.value)} />
        </Field>
        <Field label="Phone" error={errors.phone}>
          <Input inputMode="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        </Field>
        {errors.form ? (
          <p className="field__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="detail-block__buttons">
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The signed-in professional's own profile (/designer-dashboard/profile, /profile): view and edit. */
export function OwnProfilePage() {
  const { user } = useAuth();
  const pro = user?.role === 'designer' || user?.role === 'service';
  const designer = useDesigner(pro ? 'me' : '');
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  if (!pro) {
    return (
      <div className="page">
        <title>Your profile · Facet</title>
        <EmptyState
          headingLevel="h1"
          title="Profiles are for designers and service providers"
          description="Your account details live in the account settings."
          action={
            <Button asChild>
              <Link to="/account-settings">Account settings</Link>
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className="page">
      <title>Your profile · Facet</title>
      {designer.isPending ? (
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading profile…
          </p>
          <Skeleton height="18rem" radius="lg" />
        </div>
      ) : designer.isError ? (
        <EmptyState
          headingLevel="h1"
          title="Your profile could not be loaded"
          description={errorMessage(designer.error)}
          action={<Button onClick={() => void designer.refetch()}>Try again</Button>}
        />
      ) : (
        <>
          <DesignerProfileView
            designer={designer.data}
            aside={
              editing ? null : (
                <Button variant="secondary" fullWidth onClick={() => setEditing(true)}>
                  Edit profile
                </Button>
              )
            }
          />
          {editing ? (
            <div style={{ marginTop: 'var(--space-6)' }}>
              <ProfileForm designer={designer.data} onDone={() => setEditing(false)} />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
