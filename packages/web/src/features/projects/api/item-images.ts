import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, formBody } from '../../../lib/api-client';
import { projectKeys } from './types';
import type { ProjectDetail, ProjectItem } from './types';

/** Item images: jpg, jpeg, png or webp, at most 10 MB each, 10 per item (the server checks the content too). */
export const ITEM_IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp';
export const ITEM_IMAGE_TYPES = ['jpg', 'jpeg', 'png', 'webp'];
export const MAX_ITEM_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_ITEM_IMAGES = 10;

/** The browser's own check before sending; null when the file may go. */
export function itemImageProblem(file: File): string | null {
  const ext = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!ITEM_IMAGE_TYPES.includes(ext)) return 'Sorry, this file format is not supported!';
  if (file.size > MAX_ITEM_IMAGE_BYTES) return 'Sorry, your image is too large. Maximum image size is 10mb.';
  return null;
}

export async function addItemImage({ itemId, file }: { itemId: string; file: File }): Promise<ProjectItem> {
  const form = new FormData();
  form.append('image', file, file.name);
  const { item } = await unwrap(
    api.POST('/api/project-items/{id}/images', { params: { path: { id: itemId } }, body: formBody(form) }),
  );
  return item;
}

export async function removeItemImage({
  itemId,
  imageId,
}: {
  itemId: string;
  imageId: string;
}): Promise<ProjectItem> {
  const { item } = await unwrap(
    api.DELETE('/api/project-items/{id}/images/{imageId}', { params: { path: { id: itemId, imageId } } }),
  );
  return item;
}

function useItemMutation<T>(projectId: string, fn: (input: T) => Promise<ProjectItem>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (item) => {
      client.setQueryData<ProjectDetail>(projectKeys.detail(projectId), (project) =>
        project ? { ...project, items: project.items.map((i) => (i.id === item.id ? item : i)) } : project,
      );
      // the first image is the project's cover in lists
      void client.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

export const useAddItemImage = (projectId: string) => useItemMutation(projectId, addItemImage);
export const useRemoveItemImage = (projectId: string) => useItemMutation(projectId, removeItemImage);
