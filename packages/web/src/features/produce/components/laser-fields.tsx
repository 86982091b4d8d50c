import { useEffect, useMemo } from 'react';
import { Field, Input, Select } from '../../../components/ui';
import { enabledLaserOptions } from '../lib/configuration';
import { fontStack } from '../lib/laser-fonts';
import type { Catalog, Configuration } from '../lib/types';

const LASER_IMAGE_ACCEPT = '.png,.jpg,.jpeg,.svg,.webp';
const MAX_LASER_IMAGE_BYTES = 5 * 1024 * 1024;

type LaserOption = Catalog['laserEngravingOptions'][number];

function useObjectUrl(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** Laser engraving: the option, then its text (with font and preview) or its image. */
export function LaserFields({
  catalog,
  config,
  onChange,
  laserImage,
  onLaserImage,
  imageError,
  onImageError,
}: {
  catalog: Catalog;
  config: Configuration;
  onChange: (patch: Partial<Configuration>) => void;
  laserImage: File | null;
  onLaserImage: (file: File | null) => void;
  imageError: string | null;
  onImageError: (message: string | null) => void;
}) {
  const laser = catalog.laserEngravingOptions.find((o) => o.id === config.laserEngravingOptionId);
  return (
    <>
      <Field label="Laser engraving" hint={laser?.description || undefined}>
        <Select
          value={String(config.laserEngravingOptionId ?? '')}
          options={enabledLaserOptions(catalog).map((o) => ({ value: String(o.id), label: o.name }))}
          onChange={(e) => onChange({ laserEngravingOptionId: Number(e.currentTarget.value) })}
        />
      </Field>
      {laser?.acceptsText ? (
        <LaserTextFields laser={laser} catalog={catalog} config={config} onChange={onChange} />
      ) : null}
      {laser?.acceptsImage ? (
        <LaserImageField
          laserImage={laserImage}
          onLaserImage={onLaserImage}
          imageError={imageError}
          onImageError={onImageError}
        />
      ) : null}
    </>
  );
}

/** The engraving's text, its font and a preview in that font. */
function LaserTextFields({
  laser,
  catalog,
  config,
  onChange,
}: {
  laser: LaserOption;
  catalog: Catalog;
  config: Configuration;
  onChange: (patch: Partial<Configuration>) => void;
}) {
  const fonts = [...catalog.laserFonts].sort((a, b) => a.sort - b.sort);
  const font = fonts.find((f) => f.id === config.laserFontId);
  return (
    <div className="laser-text">
      <Field
        label="Engraving text"
        hint={
          laser.maxCharacters !== null
            ? `Up to ${laser.maxCharacters} characters; spaces are free.`
            : 'Spaces are free.'
        }
      >
        <Input
          value={config.laserText}
          maxLength={laser.maxCharacters ?? undefined}
          onChange={(e) => onChange({ laserText: e.currentTarget.value })}
          autoComplete="off"
        />
      </Field>
      <Field label="Font">
        <Select
          value={String(config.laserFontId ?? '')}
          options={fonts.map((f) => ({ value: String(f.id), label: f.name }))}
          onChange={(e) => onChange({ laserFontId: Number(e.currentTarget.value) })}
        />
      </Field>
      <p
        className="font-preview"
        aria-label="Font preview"
        style={{ fontFamily: font ? fontStack(font.cssFamily) : undefined }}
      >
        {config.laserText.trim() || 'Forever yours'}
      </p>
    </div>
  );
}

/** The image to engrave: checked by extension and size, shown once chosen. */
function LaserImageField({
  laserImage,
  onLaserImage,
  imageError,
  onImageError,
}: {
  laserImage: File | null;
  onLaserImage: (file: File | null) => void;
  imageError: string | null;
  onImageError: (message: string | null) => void;
}) {
  const imageUrl = useObjectUrl(laserImage);
  return (
    <div className="laser-image">
      <Field
        label="Image to engrave"
        hint="PNG, JPG, SVG or WEBP up to 5 MB; line art engraves best."
        error={imageError ?? undefined}
      >
        <input
          type="file"
          accept={LASER_IMAGE_ACCEPT}
          className="file-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0] ?? null;
            e.currentTarget.value = '';
            if (!file) return;
            const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
            if (!['png', 'jpg', 'jpeg', 'svg', 'webp'].includes(ext)) {
              onImageError('Sorry, this file format is not supported!');
              return;
            }
            if (file.size > MAX_LASER_IMAGE_BYTES) {
              onImageError('Sorry, your image is too large. Maximum size is 5 MB.');
              return;
            }
            onImageError(null);
            onLaserImage(file);
          }}
        />
      </Field>
      {laserImage ? (
        <div className="laser-image__chosen">
          {imageUrl ? <img src={imageUrl} alt={`Engraving image ${laserImage.name}`} /> : null}
          <span>{laserImage.name}</span>
          <button type="button" className="link-button" onClick={() => onLaserImage(null)}>
            Remove image
          </button>
        </div>
      ) : null}
    </div>
  );
}
