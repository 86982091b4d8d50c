import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '../../../api';
import { toApiError, ApiError, NETWORK_ERROR_MESSAGE, api, unwrap } from '../../../lib/api-client';
import { isAbortError, upload, UPLOAD_CANCELLED } from '../../../lib/upload';

/** GET /api/projects/:id/rooms (docs/api-map.md, Chat), from the contract (decision 018). */
export type ChatRoom = Schemas['ChatRoom'];

/**
 * A stored message, from the contract: the REST replies and the socket's getMessage carry the same shape
 * (the server's reply schema is checked against the domain's `ChatMessage`).
 */
export type ChatMessage = Schemas['ChatMessage'];

/** POST /api/rooms/:roomId/attachments: the uploaded file a message then refers to. */
export type UploadedAttachment = Schemas['ChatAttachment'];

export const chatKeys = {
  rooms: (projectId: string) => ['projects', 'detail', projectId, 'rooms', 'list'] as const,
};

export function useChatRooms(projectId: string) {
  return useQuery({
    queryKey: chatKeys.rooms(projectId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/projects/{id}/rooms', { params: { path: { id: projectId } }, signal })),
    select: (body) => body.rooms,
  });
}

/** PUT /api/rooms/:roomId/messages/:id/pinned (production team); the room also hears it as getMessage. */
export function setMessagePinned(roomId: string, messageId: string, pinned: boolean) {
  return unwrap(
    api.PUT('/api/rooms/{roomId}/messages/{messageId}/pinned', {
      params: { path: { roomId, messageId } },
      body: { pinned },
    }),
  );
}

const PAGE = 200;

/** Every message of a room after `after`, oldest first, following pages until the server has no more. */
export async function fetchMessagesAfter(
  roomId: string,
  after: number,
  signal?: AbortSignal,
): Promise<{ messages: ChatMessage[]; lastSeq: number }> {
  const messages: ChatMessage[] = [];
  let cursor = after;
  let lastSeq = after;
  for (;;) {
    const page = await unwrap(
      api.GET('/api/rooms/{roomId}/messages', {
        params: { path: { roomId }, query: { after: cursor, limit: PAGE } },
        signal,
      }),
    );
    messages.push(...page.messages);
    lastSeq = page.lastSeq;
    const tail = page.messages[page.messages.length - 1];
    if (!page.hasMore || !tail) break;
    cursor = tail.seq;
  }
  return { messages, lastSeq };
}

/**
 * POST /api/rooms/:roomId/attachments with the shared uploader so the pane can show upload progress
 * (`onProgress` gets 0..1). Rejects with an ApiError carrying the server's message.
 */
export function uploadAttachment(
  roomId: string,
  file: File,
  onProgress: (fraction: number) => void,
): { promise: Promise<UploadedAttachment>; abort: () => void } {
  const controller = new AbortController();
  const form = new FormData();
  form.append('file', file);
  const promise = upload({
    method: 'POST',
    url: `/api/rooms/${encodeURIComponent(roomId)}/attachments`,
    body: form,
    withCredentials: true,
    signal: controller.signal,
    onProgress: (loaded, total) => {
      if (total > 0) onProgress(loaded / total);
    },
  }).then(
    async (reply) => {
      const response = reply.toResponse();
      if (!reply.ok) throw await toApiError(response);
      const body = (await response.json()) as { attachment: UploadedAttachment };
      return body.attachment;
    },
    (error: unknown) => {
      if (isAbortError(error)) throw new ApiError(499, 'aborted', UPLOAD_CANCELLED);
      throw new ApiError(500, 'network_error', NETWORK_ERROR_MESSAGE);
    },
  );
  return { promise, abort: () => controller.abort() };
}
