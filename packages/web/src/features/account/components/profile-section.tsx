import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AVATAR_ACCEPT, checkAvatarFile, createProfileSectionSchema } from '@facet/domain/rules';
import type { ProfileSectionInput } from '@facet/domain/rules';
import { Avatar, Button, Field, Input, toast } from '../../../components/ui';
import { errorMessage, isApiError } from '../../../lib/api-client';
import type { Me } from '../../../lib/types';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadAvatar } from '../api/upload-avatar';

function AvatarUpload({ user }: { user: Me }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadAvatar();
  const preview = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function save() {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      setFile(null);
      toast({ title: 'Photo updated' });
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <div className="account-avatar">
      <Avatar firstName={user.firstName} lastName={user.lastName} src={preview ?? user.avatarUrl} size="xl" />
      <div className="account-avatar__body">
        <p className="account-avatar__title">Profile photo</p>
        <p className="account-avatar__hint">JPG, JPEG, PNG or WEBP, up to 5 MB.</p>
        <div className="account-avatar__actions">
          <input
            ref={inputRef}
            type="file"
            accept={AVATAR_ACCEPT}
            className="visually-hidden"
            id="avatar-file"
            aria-label="Profile photo file"
            tabIndex={-1}
            aria-describedby={error ? 'avatar-error' : undefined}
            onChange={(e) => {
              const picked = e.currentTarget.files?.[0] ?? null;
              e.currentTarget.value = '';
              if (!picked) return;
              const problem = checkAvatarFile(picked);
              setError(problem);
              setFile(problem ? null : picked);
            }}
          />
          <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()}>
            Choose photo
          </Button>
          {file ? (
            <>
              <Button size="sm" loading={upload.isPending} onClick={() => void save()}>
                Save photo
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setFile(null)} disabled={upload.isPending}>
                Cancel
              </Button>
            </>
          ) : null}
        </div>
        {error ? (
          <p className="account-avatar__error" id="avatar-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function ProfileSection({ user }: { user: Me }) {
  const update = useUpdateProfile();
  const schema = useMemo(
    () => createProfileSectionSchema({ phoneRequired: user.role === 'customer' }),
    [user.role],
  );
  const form = useForm<ProfileSectionInput>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' },
    mode: 'onTouched',
  });
  const { errors, isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // checked here with the server's rules; sent as typed, since the server reads its own input
      schema.parse(values);
      const saved = await update.mutateAsync(values);
      form.reset({ firstName: saved.firstName, lastName: saved.lastName, phone: saved.phone ?? '' });
      toast({ title: 'Profile saved' });
    } catch (error) {
      if (isApiError(error))
        for (const [path, message] of Object.entries(error.fields))
          if (path === 'firstName' || path === 'lastName' || path === 'phone')
            form.setError(path, { message });
      toast({ title: 'Profile not saved', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <section className="section-card" aria-labelledby="profile-heading">
      <header className="section-card__header">
        <h2 id="profile-heading">Profile</h2>
        <p>Your name and phone as designers and our team see them.</p>
      </header>
      <AvatarUpload user={user} />
      <form className="account-section__form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="account-section__grid">
          <Field label="First name" required error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...form.register('firstName')} />
          </Field>
          <Field label="Last name" required error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </Field>
          <Field
            label="Phone number"
            required={user.role === 'customer'}
            error={errors.phone?.message}
            hint="Digits only, 6 to 15."
          >
            <Input type="tel" inputMode="numeric" autoComplete="tel" {...form.register('phone')} />
          </Field>
        </div>
        <div className="account-section__actions">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save profile
          </Button>
        </div>
      </form>
    </section>
  );
}
