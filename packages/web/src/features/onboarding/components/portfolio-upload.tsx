import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FileText, ImagePlus, X } from 'lucide-react';
import { DropZone } from '../../../components/ui';
import { addPortfolioFiles, fileExtension, PORTFOLIO_ACCEPT, removePortfolioFile } from '@facet/domain/rules';
import './portfolio-upload.css';

export type PortfolioUploadProps = {
  files: File[];
  onChange: (files: File[]) => void;
  /** Error from the form (e.g. portfolio link or images required). */
  error?: string;
  describedBy?: string;
};

function usePreviews(files: File[]): Map<File, string> {
  const previews = useMemo(() => {
    const map = new Map<File, string>();
    if (typeof URL.createObjectURL !== 'function') return map;
    for (const file of files)
      if (fileExtension(file.name) !== 'pdf') map.set(file, URL.createObjectURL(file));
    return map;
  }, [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  return previews;
}

/**
 * Portfolio images by drag and drop or the file picker: jpg, jpeg, png, pdf, webp only (others refused with
 * the spec's message), duplicates by name skipped, thumbnails with a remove button each.
 */
export function PortfolioUpload({ files, onChange, error, describedBy }: PortfolioUploadProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const previews = usePreviews(files);

  function add(incoming: File[]) {
    if (incoming.length === 0) return;
    const result = addPortfolioFiles(files, incoming);
    setMessage(result.message);
    if (result.added.length > 0) onChange(result.files);
  }

  const shownError = message ?? error;
  const errorId = shownError ? `${inputId}-error` : undefined;

  return (
    <div className="portfolio-upload">
      <DropZone className="portfolio-upload__drop" onFiles={add} data-testid="portfolio-drop">
        <ImagePlus className="portfolio-upload__icon" aria-hidden="true" />
        <p>
          Drag images here or{' '}
          <label htmlFor={inputId} className="portfolio-upload__pick">
            choose files
          </label>
        </p>
        <p className="portfolio-upload__types">JPG, JPEG, PNG, WEBP or PDF</p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={PORTFOLIO_ACCEPT}
          className="portfolio-upload__input"
          aria-label="Portfolio images"
          aria-describedby={[describedBy, errorId].filter(Boolean).join(' ') || undefined}
          aria-invalid={shownError ? true : undefined}
          onChange={(e) => {
            add(Array.from(e.currentTarget.files ?? []));
            e.currentTarget.value = '';
          }}
        />
      </DropZone>
      {shownError ? (
        <p className="portfolio-upload__error" id={errorId} role="alert">
          {shownError}
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul className="portfolio-upload__list" aria-label="Portfolio files">
          {files.map((file) => {
            const preview = previews.get(file);
            return (
              <li key={file.name} className="portfolio-upload__item">
                {preview ? (
                  <img src={preview} alt="" className="portfolio-upload__thumb" />
                ) : (
                  <span className="portfolio-upload__thumb portfolio-upload__thumb--doc" aria-hidden="true">
                    <FileText />
                  </span>
                )}
                <span className="portfolio-upload__name">{file.name}</span>
                <button
                  type="button"
                  className="portfolio-upload__remove"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => {
                    setMessage(null);
                    onChange(removePortfolioFile(files, file.name));
                  }}
                >
                  <X aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
