import { useState } from 'react';
import { checkChatFile } from '@facet/domain/chat';
import { toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { uploadAttachment } from '../api/chat-api';
import type { useChatRoom } from './use-chat-room';

/**
 * Sending from the chat pane: a text (a message with contact details is refused with a warning above the
 * composer, other refusals are toasts) or a file (checked, uploaded with progress, then sent).
 */
export function usePaneSending(roomId: string, send: ReturnType<typeof useChatRoom>['send']) {
  const [warning, setWarning] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function sendText(text: string, mentions: string[]) {
    setWarning(null);
    const result = await send(text, mentions.length ? { mentions } : {});
    if (result.ok) return true;
    if (result.error.code === 'contact_details_blocked') setWarning(result.error.error);
    else toast({ title: 'Error', description: result.error.error, variant: 'destructive' });
    return false;
  }

  async function attach(file: File) {
    setWarning(null);
    const check = checkChatFile({ name: file.name, sizeBytes: file.size });
    if (!check.ok) {
      toast({ title: 'Error', description: check.message, variant: 'destructive' });
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadAttachment(roomId, file, setProgress).promise;
      const result = await send('', {
        isFile: true,
        fileName: uploaded.name,
        attachment: { id: uploaded.id, name: uploaded.name, sizeBytes: uploaded.sizeBytes },
      });
      if (!result.ok) toast({ title: 'Error', description: result.error.error, variant: 'destructive' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  }

  return { warning, progress, sendText, attach };
}
