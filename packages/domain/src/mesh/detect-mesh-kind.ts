import { detectStlKind, looksLikeAsciiStl } from './read-stl';

export type MeshFileKind = 'stl' | 'obj' | 'ply' | '3mf';

/** The kind of a model file, from its first bytes and length; the file name's extension only breaks ties. */
export function detectMeshKind(bytes: Uint8Array, fileName = ''): MeshFileKind | undefined {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4) return '3mf';
  if (bytes[0] === 0x70 && bytes[1] === 0x6c && bytes[2] === 0x79 && (bytes[3] === 10 || bytes[3] === 13))
    return 'ply';
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'obj' && !looksLikeAsciiStl(bytes)) return 'obj';
  if (extension === 'stl') return 'stl';
  if (detectStlKind(bytes)) return 'stl';
  if (looksLikeObj(bytes)) return 'obj';
  return undefined;
}

function looksLikeObj(bytes: Uint8Array): boolean {
  let text = '';
  for (let i = 0; i < Math.min(bytes.length, 4096); i++) {
    const c = bytes[i]!;
    if (c === 0) return false;
    text += String.fromCharCode(c);
  }
  return /(^|\n)\s*v\s+[-+.\d]/.test(text);
}
