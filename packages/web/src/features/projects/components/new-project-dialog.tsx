import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Plus } from 'lucide-react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  Textarea,
  toast,
} from '../../../components/ui';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCreateProject } from '../api/create-project';
import type { CreateProjectInput } from '../api/create-project';
import { toWire } from '../lib/dimensions';
import { ItemDraftFields, newItem, type ItemDraft } from './new-project-item';

/** Turns the form into the POST /api/projects body. */
export function toCreateBody(
  form: { title: string; description: string; projectType: 'single-item' | 'collection'; service: boolean },
  items: ItemDraft[],
  modelId?: string | null,
): CreateProjectInput {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    projectType: form.projectType,
    service: form.service,
    ...(modelId ? { modelId } : {}),
    items: items.map((item, index) => ({
      title: item.title.trim() || (index === 0 ? form.title.trim() : `Item ${index + 1}`),
      ...(item.category ? { category: item.category } : {}),
      ...(item.itemType ? { itemType: item.itemType } : {}),
      description: item.description.trim() || form.description.trim(),
      dimensions: toWire(
        item.dimensions
          .filter((d) => d.amount.trim())
          .map((d) => ({ name: d.name, value: `${d.amount.trim()} ${d.unit}` })),
      ),
      tags: item.tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      ...(modelId && index === 0 ? { modelId } : {}),
    })),
  };
}

/** "New project" from a brief, or from an uploaded model when opened with a model id. */
export function NewProjectDialog({
  open,
  onOpenChange,
  modelId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  modelId?: string | null;
}) {
  const navigate = useNavigate();
  const create = useCreateProject();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [projectType, setProjectType] = useState<'single-item' | 'collection'>('single-item');
  const [service, setService] = useState(false);
  const [items, setItems] = useState<ItemDraft[]>([newItem()]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const shown = projectType === 'collection' ? items : items.slice(0, 1);
  const updateItem = (index: number, patch: Partial<ItemDraft>) =>
    setItems((all) => all.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) {
      setErrors({ title: 'Title is required' });
      return;
    }
    setErrors({});
    try {
      const project = await create.mutateAsync(
        toCreateBody({ title, description, projectType, service }, shown, modelId),
      );
      toast({ title: 'Project created', description: project.title });
      onOpenChange(false);
      await navigate(`/projects/${project.id}`);
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length) setErrors(error.fields);
      else setErrors({ form: errorMessage(error) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">
        <form onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>New project</DialogTitle>
            <DialogDescription>
              {modelId
                ? 'Your uploaded model becomes the first item. Add a brief and invite designers next.'
                : 'Describe what you would like made. You invite designers or service providers next.'}
            </DialogDescription>
          </DialogHeader>
          <DialogBody className="new-project">
            <Field label="Title" required error={errors.title}>
              <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} autoFocus />
            </Field>
            <Field label="Description" error={errors.description}>
              <Textarea
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                rows={3}
                maxLength={5000}
              />
            </Field>
            <fieldset className="new-project__type">
              <legend className="field__label">Project type</legend>
              {(['single-item', 'collection'] as const).map((type) => (
                <label key={type} className="new-project__radio">
                  <input
                    type="radio"
                    name="projectType"
                    value={type}
                    checked={projectType === type}
                    onChange={() => setProjectType(type)}
                  />
                  {type === 'single-item' ? 'Single item' : 'Collection'}
                </label>
              ))}
            </fieldset>
            <Checkbox
              checked={service}
              onChange={(e) => setService(e.target.checked)}
              label="Service project (for service providers)"
            />
            {shown.map((item, index) => (
              <ItemDraftFields
                key={index}
                item={item}
                index={index}
                collection={projectType === 'collection'}
                removable={projectType === 'collection' && shown.length > 1}
                update={(patch) => updateItem(index, patch)}
                onRemove={() => setItems((all) => all.filter((_, i) => i !== index))}
              />
            ))}
            {projectType === 'collection' && items.length < 20 ? (
              <Button variant="secondary" size="sm" onClick={() => setItems((all) => [...all, newItem()])}>
                <Plus aria-hidden="true" /> Add item
              </Button>
            ) : null}
            {errors.form ? (
              <p className="field__error" role="alert">
                {errors.form}
              </p>
            ) : null}
          </DialogBody>
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create project
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
