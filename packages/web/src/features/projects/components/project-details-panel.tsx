import { useRef, useState } from 'react';
import { Download, Expand, Gem, ImagePlus, Paperclip, Trash2, Upload } from 'lucide-react';
import {
  Button,
  Card,
  Dialog,
  DialogBody,
  DialogContent,
  DialogHeader,
  DialogTitle,
  Select,
  toast,
} from '../../../components/ui';
import { useAuth } from '../../../app/auth';
import { errorMessage } from '../../../lib/api-client';
import { useAddAttachments } from '../api/add-attachments';
import { useUpdateProjectItem } from '../api/update-project-item';
import {
  ITEM_IMAGE_ACCEPT,
  itemImageProblem,
  MAX_ITEM_IMAGES,
  useAddItemImage,
  useRemoveItemImage,
} from '../api/item-images';
import type { Attachment, ItemImage, ProjectDetail, ProjectItem } from '../api/types';
import { ConfirmDialog } from './confirm-dialog';
import { fromWire, toWire } from '../lib/dimensions';
import { formatDate } from '@facet/domain/format';
import { DescriptionEditor } from './description-editor';
import { DimensionsEditor } from './dimensions-editor';

const ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,.webp,.docx,.docs,.txt,.xlsx,.csv,.gif,.stl,.obj,.ply,.3mf';

/** "Add files" for the project's customer and its chosen pro; the server checks types and sizes again. */
function AddAttachments({ projectId }: { projectId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const add = useAddAttachments(projectId);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        className="visually-hidden"
        aria-label="Files to attach"
        tabIndex={-1}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          if (!files.length) return;
          add.mutate(files, {
            onSuccess: () =>
              toast({ title: files.length === 1 ? 'File added' : `${files.length} files added` }),
            onError: (error) =>
              toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
          });
        }}
      />
      <Button variant="ghost" size="sm" loading={add.isPending} onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" /> Add files
      </Button>
    </>
  );
}

export function AttachmentsList({
  attachments,
  projectId,
  canUpload = false,
}: {
  attachments: readonly Attachment[];
  projectId?: string;
  canUpload?: boolean;
}) {
  return (
    <section className="detail-block" aria-labelledby="attachments-title">
      <div className="detail-block__head">
        <h3 id="attachments-title" className="detail-block__title">
          Files &amp; Attachments
        </h3>
        {canUpload && projectId ? <AddAttachments projectId={projectId} /> : null}
      </div>
      {attachments.length === 0 ? (
        <p className="detail-block__text">No attachments yet!</p>
      ) : (
        <ul className="attachment-list">
          {attachments.map((file) => (
            <li key={file.id} className="attachment">
              <Paperclip aria-hidden="true" width={16} height={16} />
              <div className="attachment__main">
                <p className="attachment__name">{file.name}</p>
                <p className="attachment__date">
                  {file.kind === 'delivery' ? 'Delivered ' : ''}
                  {formatDate(file.createdAt)}
                </p>
              </div>
              <Button asChild size="sm" variant="ghost" iconOnly>
                <a href={file.downloadUrl} download={file.name} aria-label={`Download ${file.name}`}>
                  <Download aria-hidden="true" />
                </a>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The item's images: each opens large; the customer (while the project is open) and the chosen pro add
 * images; the customer removes any, the pro the ones they added.
 */
function ItemImages({
  projectId,
  item,
  canAdd,
  canRemove,
  onView,
}: {
  projectId: string;
  item: ProjectItem;
  canAdd: boolean;
  canRemove: (image: ItemImage) => boolean;
  onView: (image: ItemImage) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const add = useAddItemImage(projectId);
  const remove = useRemoveItemImage(projectId);
  const [removing, setRemoving] = useState<ItemImage | null>(null);
  const full = item.images.length >= MAX_ITEM_IMAGES;
  const failed = (error: unknown) =>
    toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });

  return (
    <section className="detail-block" aria-labelledby="item-images-title">
      <div className="detail-block__head">
        <h3 id="item-images-title" className="detail-block__title">
          Images
        </h3>
        {canAdd ? (
          <>
            <input
              ref={input}
              type="file"
              accept={ITEM_IMAGE_ACCEPT}
              className="visually-hidden"
              aria-label="Image to add"
              tabIndex={-1}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                if (!file) return;
                const problem = itemImageProblem(file);
                if (problem) {
                  toast({ title: 'Error', description: problem, variant: 'destructive' });
                  return;
                }
                add.mutate(
                  { itemId: item.id, file },
                  { onSuccess: () => toast({ title: 'Image added' }), onError: failed },
                );
              }}
            />
            <Button
              variant="ghost"
              size="sm"
              loading={add.isPending}
              disabled={full}
              title={full ? `An item can have at most ${MAX_ITEM_IMAGES} images.` : undefined}
              onClick={() => input.current?.click()}
            >
              <ImagePlus aria-hidden="true" /> Add image
            </Button>
          </>
        ) : null}
      </div>
      {item.images.length === 0 ? (
        <p className="detail-block__text">No images yet.</p>
      ) : (
        <ul className="item-images" aria-label="Item images">
          {item.images.map((image) => (
            <li key={image.id} className="item-image">
              <button
                type="button"
                className="item-image__view"
                aria-label={`View Large: ${image.name}`}
                onClick={() => onView(image)}
              >
                <img src={image.url} alt="" />
              </button>
              {canRemove(image) ? (
                <Button
                  size="sm"
                  variant="secondary"
                  iconOnly
                  className="item-image__remove"
                  aria-label={`Remove image ${image.name}`}
                  onClick={() => setRemoving(image)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this image?"
        description={removing ? `${removing.name} will be removed from ${item.title || 'this item'}.` : ''}
        confirmLabel="Remove image"
        danger
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { itemId: item.id, imageId: removing.id },
            {
              onSuccess: () => {
                setRemoving(null);
                toast({ title: 'Image removed' });
              },
              onError: failed,
            },
          );
        }}
      />
    </section>
  );
}

/**
 * The project details panel (spec section 2): item selector with count for a collection, image with View
 * Large, title, Product Type, editable description and dimensions (the project's customer only), files.
 */
/** Spec section 2: the panel is not shown to the customer while the project waits for payment. */
export function showsDetailsPanel(
  project: Pick<ProjectDetail, 'viewerRole' | 'activeStatus' | 'completed'>,
): boolean {
  return !(project.viewerRole === 'customer' && project.activeStatus.position === 2 && !project.completed);
}

/** Spec section 2: the image header is hidden for the customer unless the status name includes 'invite'. */
export function showsImageHeader(project: Pick<ProjectDetail, 'viewerRole' | 'activeStatus'>): boolean {
  return project.viewerRole !== 'customer' || project.activeStatus.name.toLowerCase().includes('invite');
}

export function ProjectDetailsPanel({ project, canEdit }: { project: ProjectDetail; canEdit: boolean }) {
  const { user } = useAuth();
  const chosenPro = project.viewerRole === 'pro' && Boolean(user) && project.team.pro?.id === user?.id;
  // a cancelled project takes no more files (the server refuses them too)
  const canUpload = project.phase !== 'cancelled' && (project.viewerRole === 'customer' || chosenPro);
  const canAddImages = canEdit || (chosenPro && !project.completed && project.phase !== 'cancelled');
  const [itemId, setItemId] = useState(project.items[0]?.id ?? '');
  const [large, setLarge] = useState<{ url: string; name: string } | null>(null);
  const update = useUpdateProjectItem(project.id);
  const item = project.items.find((i) => i.id === itemId) ?? project.items[0];
  const image = item?.images[0]?.url ?? item?.model?.thumbnailUrl ?? project.coverImageUrl;
  const title = item?.title || project.title;
  const productType =
    [item?.category, item?.itemType].filter(Boolean).join(' · ') ||
    (project.service ? 'Service' : 'Custom design');

  return (
    <Card as="section" tone="outline" className="details-panel" aria-labelledby="details-title">
      <h2 id="details-title" className="visually-hidden">
        Project details
      </h2>
      {project.items.length > 1 ? (
        <div>
          <label htmlFor="item-select" className="field__label">
            Select Collection Items ({project.items.length})
          </label>
          <Select
            id="item-select"
            value={item?.id ?? ''}
            onChange={(e) => setItemId(e.target.value)}
            options={project.items.map((i, n) => ({ value: i.id, label: i.title || `Item ${n + 1}` }))}
          />
        </div>
      ) : null}
      {showsImageHeader(project) ? (
        <div className="details-panel__image">
          {image ? <img src={image} alt={title} /> : <Gem aria-hidden="true" width={48} height={48} />}
          {image ? (
            <Button
              size="sm"
              variant="secondary"
              className="details-panel__view-large"
              onClick={() => setLarge({ url: image, name: title })}
            >
              <Expand aria-hidden="true" /> View Large
            </Button>
          ) : null}
        </div>
      ) : null}
      <div>
        <p className="details-panel__title">{title}</p>
        <p className="details-panel__type">
          Product Type: <span>{productType}</span>
        </p>
      </div>
      {item ? (
        <>
          <DescriptionEditor
            key={`d-${item.id}`}
            value={item.description}
            canEdit={canEdit}
            onSave={(description) => update.mutateAsync({ itemId: item.id, description })}
          />
          <DimensionsEditor
            key={`m-${item.id}`}
            value={fromWire(item.dimensions)}
            canEdit={canEdit}
            onSave={(rows) => update.mutateAsync({ itemId: item.id, dimensions: toWire(rows) })}
          />
          {item.images.length > 0 || canAddImages ? (
            <ItemImages
              key={`i-${item.id}`}
              projectId={project.id}
              item={item}
              canAdd={canAddImages}
              canRemove={(img) =>
                canAddImages && (project.viewerRole === 'customer' || img.uploadedBy === user?.id)
              }
              onView={(img) => setLarge({ url: img.url, name: img.name })}
            />
          ) : null}
        </>
      ) : null}
      <AttachmentsList attachments={project.attachments} projectId={project.id} canUpload={canUpload} />
      <Dialog open={large !== null} onOpenChange={(open) => !open && setLarge(null)}>
        <DialogContent size="lg">
          <DialogHeader>
            <DialogTitle>{large?.name ?? title}</DialogTitle>
          </DialogHeader>
          <DialogBody>
            {large ? <img className="large-image" src={large.url} alt={large.name} /> : null}
          </DialogBody>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
