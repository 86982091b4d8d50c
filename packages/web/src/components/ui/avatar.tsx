import { useState } from 'react';
import clsx from 'clsx';
import './avatar.css';

/** Initials from first and last name (spec: "default A"). */
export function getInitials(firstName?: string | null, lastName?: string | null): string {
  const first = firstName?.trim().charAt(0) ?? '';
  const last = lastName?.trim().charAt(0) ?? '';
  const initials = `${first}${last}`.toUpperCase();
  return initials || 'A';
}

export type AvatarProps = {
  firstName?: string | null;
  lastName?: string | null;
  src?: string | null;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Accessible name; when omitted the avatar is decorative (the name is usually shown beside it). */
  alt?: string;
  className?: string;
};

export function Avatar({ firstName, lastName, src, size = 'md', alt, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      className={clsx('avatar', `avatar--${size}`, className)}
      role={alt ? 'img' : undefined}
      aria-label={alt}
      aria-hidden={alt ? undefined : true}
    >
      {showImage ? (
        <img
          className="avatar__image"
          src={src ?? undefined}
          alt=""
          onError={() => setFailedSrc(src ?? null)}
        />
      ) : (
        <span className="avatar__initials" data-initials={getInitials(firstName, lastName)} />
      )}
    </span>
  );
}
