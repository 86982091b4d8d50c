import { useRef, useState } from 'react';
import { ImageUp } from 'lucide-react';
import { Button } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { MAX_THUMBNAIL_BYTES, THUMBNAIL_ACCEPT, useUploadThumbnail } from '../api/upload-thumbnail';
import { fileExtension } from '../lib/upload-machine';
import type { Model } from '../lib/types';

/** The model's card picture: rendered from the 3D view, or the customer's own image instead. */
export function ThumbnailPanel({ model }: { model: Model }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadThumbnail();
  const [refusal, setRefusal] = useState<string | null>(null);

  function choose(file: File) {
    if (!['png', 'jpg', 'jpeg', 'webp'].includes(fileExtension(file.name))) {
      setRefusal('Sorry, this file format is not supported! Use a PNG, JPG or WEBP image.');
      return;
    }
    if (file.size > MAX_THUMBNAIL_BYTES) {
      setRefusal('Sorry, your image is too large. Maximum size is 5 MB.');
      return;
    }
    setRefusal(null);
    upload.mutate({ id: model.id, image: file, fileName: file.name, source: 'custom' });
  }

  const message = refusal ?? (upload.isError ? errorMessage(upload.error) : null);
  return (
    <div className="thumb-panel">
      <div className="thumb-panel__image">
        {model.thumbnailUrl ? (
          <img src={model.thumbnailUrl} alt={`Card picture of ${model.fileName}`} />
        ) : (
          <span className="thumb-panel__empty">No picture yet</span>
        )}
      </div>
      <div className="thumb-panel__text">
        <p className="thumb-panel__title">Card picture</p>
        <p className="thumb-panel__note">
          {model.thumbnailSource === 'custom'
            ? 'Your own image.'
            : model.thumbnailSource === 'render'
              ? 'Taken from the 3D view.'
              : 'Taken from the 3D view once it has drawn.'}
        </p>
        <input
          ref={inputRef}
          type="file"
          accept={THUMBNAIL_ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="thumbnail-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) choose(file);
          }}
        />
        <Button
          variant="secondary"
          size="sm"
          loading={upload.isPending}
          onClick={() => inputRef.current?.click()}
        >
          <ImageUp aria-hidden="true" /> Use my own image
        </Button>
        {message ? (
          <p className="form-error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
