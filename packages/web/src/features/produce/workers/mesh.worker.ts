/**
 * Reads and analyses a model file off the main thread with the same domain code the server runs, for an
 * instant preview while the file uploads. The server's analysis is the authority and replaces this one.
 */
import { MeshReadError, analyseMesh, readMesh } from '@facet/domain/mesh';
import type { PreviewReply, PreviewRequest } from '../lib/preview-mesh';

self.onmessage = async (event: MessageEvent<PreviewRequest>) => {
  const { file } = event.data;
  let reply: PreviewReply;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    reply = { ok: true, analysis: analyseMesh(readMesh(bytes, file.name)) };
  } catch (error) {
    reply = {
      ok: false,
      message: error instanceof MeshReadError ? error.message : 'This file could not be read as a 3D model.',
    };
  }
  self.postMessage(reply);
};
