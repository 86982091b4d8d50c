import { useRef, useState } from 'react';
import { Download, Expand, Gem, Paperclip, Upload } from 'lucide-react';
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
import type { Attachment, ProjectDetail } from '../api/types';
import { fromWire, toWire } from '../lib/dimensions';
import { formatDate } from '../lib/status';
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
            onSuccess: () => toast({ title: files.length === 1 ? 'File added' : `${files.length} files added` }),
            onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
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
  const canUpload =
    project.viewerRole === 'customer' || (project.viewerRole === 'pro' && project.team.pro?.id === user?.id);
  const [itemId, setItemId] = useState(project.items[0]?.id ?? '');
  const [large, setLarge] = useState(false);
  const update = useUpdateProjectItem(project.id);
  const item = project.items.find((i) => i.id === itemId) ?? project.items[0];
  const image = item?.images[0]?.url ?? item?.model?.thumbnailUrl ?? project.coverImageUrl;
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
          {image ? (
            <img src={image} alt={item?.title ?? project.title} />
          ) : (
            <Gem aria-hidden="true" width={48} height={48} />
          )}
          {image ? (
            <Button
              size="sm"
              variant="secondary"
              className="details-panel__view-large"
              onClick={() => setLarge(true)}
            >
              <Expand aria-hidden="true" /> View Large
            </Button>
          ) : null}
        </div>
      ) : null}
      <div>
        <p className="details-panel__title">{item?.title || project.title}</p>
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
        </>
      ) : null}
      <AttachmentsList attachments={project.attachments} projectId={project.id} canUpload={canUpload} />
      {image ? (
        <Dialog open={large} onOpenChange={setLarge}>
          <DialogContent size="lg">
            <DialogHeader>
              <DialogTitle>{item?.title || project.title}</DialogTitle>
            </DialogHeader>
            <DialogBody>
              <img className="large-image" src={image} alt={item?.title ?? project.title} />
            </DialogBody>
          </DialogContent>
        </Dialog>
      ) : null}
    </Card>
  );
}
