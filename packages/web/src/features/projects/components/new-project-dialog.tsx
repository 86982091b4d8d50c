import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Plus, Trash2 } from 'lucide-react';
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
  Select,
  Textarea,
  toast,
} from '../../../components/ui';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCreateProject } from '../api/create-project';
import type { CreateProjectInput } from '../api/create-project';
import { DEFAULT_DIMENSION_NAMES, DIMENSION_UNITS, toWire } from '../lib/dimensions';

export const ITEM_TYPES = [
  'Necklace',
  'Ring',
  'Earring',
  'Pendant',
  'Bracelet',
  'Brooch',
  'Charm',
  'Cufflinks',
  'Keychain',
];
export const CATEGORIES = ['Jewelry', 'Accessories'];

type DimensionRow = { name: string; amount: string; unit: string };
type ItemDraft = {
  title: string;
  category: string;
  itemType: string;
  description: string;
  dimensions: DimensionRow[];
  tags: string;
};

const newItem = (): ItemDraft => ({
  title: '',
  category: 'Jewelry',
  itemType: '',
  description: '',
  dimensions: DEFAULT_DIMENSION_NAMES.map((name) => ({ name, amount: '', unit: 'mm' })),
  tags: '',
});

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
              <fieldset key={index} className="new-project__item">
                <legend className="new-project__item-title">
                  {projectType === 'collection' ? `Item ${index + 1}` : 'Item'}
                </legend>
                {projectType === 'collection' && shown.length > 1 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="new-project__remove"
                    onClick={() => setItems((all) => all.filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden="true" /> Remove item {index + 1}
                  </Button>
                ) : null}
                <div className="new-project__grid">
                  <Field label="Item title">
                    <Input
                      value={item.title}
                      onChange={(e) => updateItem(index, { title: e.target.value })}
                    />
                  </Field>
                  <Field label="Category">
                    <Select
                      options={CATEGORIES}
                      value={item.category}
                      onChange={(e) => updateItem(index, { category: e.target.value })}
                    />
                  </Field>
                  <Field label="Item type">
                    <Select
                      options={ITEM_TYPES}
                      placeholder="Choose a type"
                      value={item.itemType}
                      onChange={(e) => updateItem(index, { itemType: e.target.value })}
                    />
                  </Field>
                  <Field label="Tags" hint="Separate with commas">
                    <Input value={item.tags} onChange={(e) => updateItem(index, { tags: e.target.value })} />
                  </Field>
                </div>
                <Field label="Item description">
                  <Textarea
                    rows={2}
                    value={item.description}
                    onChange={(e) => updateItem(index, { description: e.target.value })}
                  />
                </Field>
                <div
                  className="new-project__dims"
                  role="group"
                  aria-label={`Dimensions of item ${index + 1}`}
                >
                  <p className="field__label">Dimensions</p>
                  {item.dimensions.map((dim, d) => (
                    <div key={d} className="new-project__dim">
                      <Input
                        aria-label={`Dimension ${d + 1} name`}
                        value={dim.name}
                        onChange={(e) =>
                          updateItem(index, {
                            dimensions: item.dimensions.map((x, i) =>
                              i === d ? { ...x, name: e.target.value } : x,
                            ),
                          })
                        }
                      />
                      <Input
                        aria-label={`${dim.name || `Dimension ${d + 1}`} value`}
                        inputMode="decimal"
                        value={dim.amount}
                        onChange={(e) =>
                          updateItem(index, {
                            dimensions: item.dimensions.map((x, i) =>
                              i === d ? { ...x, amount: e.target.value } : x,
                            ),
                          })
                        }
                      />
                      <Select
                        aria-label={`${dim.name || `Dimension ${d + 1}`} unit`}
                        options={[...DIMENSION_UNITS]}
                        value={dim.unit}
                        onChange={(e) =>
                          updateItem(index, {
                            dimensions: item.dimensions.map((x, i) =>
                              i === d ? { ...x, unit: e.target.value } : x,
                            ),
                          })
                        }
                      />
                    </div>
                  ))}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      updateItem(index, {
                        dimensions: [...item.dimensions, { name: '', amount: '', unit: 'mm' }],
                      })
                    }
                  >
                    <Plus aria-hidden="true" /> Add dimension
                  </Button>
                </div>
              </fieldset>
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
