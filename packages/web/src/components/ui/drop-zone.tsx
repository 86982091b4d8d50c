import { useState } from 'react';
import type { DragEvent, HTMLAttributes } from 'react';
import clsx from 'clsx';
import './drop-zone.css';

export type DropZoneProps = Omit<HTMLAttributes<HTMLElement>, 'onDrop' | 'onDragOver' | 'onDragLeave'> & {
  /** The files dropped, in order (never empty). */
  onFiles: (files: File[]) => void;
  /** While true the zone neither lights up nor takes drops (e.g. an upload is running). */
  disabled?: boolean;
  /** A labelled `section` for a zone that is a page region, else a `div`. */
  as?: 'div' | 'section';
  'data-testid'?: string;
};

/**
 * The one drag-and-drop area of the web: a dashed box that lights up while files are dragged over it and
 * hands the dropped files on. It holds its own picker button or label (keyboard users never drag), given
 * as children.
 */
export function DropZone({
  onFiles,
  disabled = false,
  as: Tag = 'div',
  className,
  children,
  ...rest
}: DropZoneProps) {
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0 && !disabled) onFiles(files);
  }

  return (
    <Tag
      {...rest}
      className={clsx('drop-zone', dragging && 'drop-zone--over', className)}
      onDragOver={(event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {children}
    </Tag>
  );
}
