import { checkCoordinates } from './coordinates';
import { IntList, NumberScanner, isSpace } from './ascii-scanner';
import { MAX_TRIANGLES } from './limits';
import { MeshReadError } from './mesh-read-error';
import type { TriangleMesh } from './mesh-types';
import { tooLarge } from './read-obj';

type ScalarType = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';

const TYPE_NAMES: Record<string, ScalarType> = {
  char: 'int8',
  int8: 'int8',
  uchar: 'uint8',
  uint8: 'uint8',
  short: 'int16',
  int16: 'int16',
  ushort: 'uint16',
  uint16: 'uint16',
  int: 'int32',
  int32: 'int32',
  uint: 'uint32',
  uint32: 'uint32',
  float: 'float32',
  float32: 'float32',
  double: 'float64',
  float64: 'float64',
};
const SIZES: Record<ScalarType, number> = {
  int8: 1,
  uint8: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
  float32: 4,
  float64: 8,
};

interface Property {
  name: string;
  type: ScalarType;
  /** For list properties, the type of the count. */
  countType?: ScalarType;
}

interface Element {
  name: string;
  count: number;
  properties: Property[];
}

type Encoding = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

const MAX_HEADER_BYTES = 64 * 1024;

/** Stanford PLY, ASCII or binary (either byte order): the `vertex` element's x, y, z and the `face` lists. */
export function readPly(bytes: Uint8Array): TriangleMesh {
  const { encoding, elements, bodyStart } = readHeader(bytes);
  const vertexElement = elements.find((e) => e.name === 'vertex');
  const faceElement = elements.find((e) => e.name === 'face');
  if (!vertexElement || !faceElement) throw bad('it has no vertex or face element');
  const xyz = ['x', 'y', 'z'].map((axis) =>
    vertexElement.properties.findIndex((p) => p.name === axis && !p.countType),
  );
  if (xyz.some((k) => k < 0)) throw bad('its vertices have no x, y and z');
  let faceList = faceElement.properties.findIndex(
    (p) => p.countType && (p.name === 'vertex_indices' || p.name === 'vertex_index'),
  );
  if (faceList < 0) faceList = faceElement.properties.findIndex((p) => p.countType);
  if (faceList < 0) throw bad('its faces have no vertex list');

  // bound the counts by the bytes there are before allocating anything
  const remaining = bytes.length - bodyStart;
  let minimum = 0;
  for (const element of elements) {
    const per = element.properties.reduce(
      (sum, p) => sum + (encoding === 'ascii' ? 2 : SIZES[p.countType ?? p.type]),
      0,
    );
    minimum += element.count * Math.max(1, per);
  }
  if (minimum > remaining) {
    throw new MeshReadError(
      'truncated_file',
      'The PLY file is cut short: it declares more data than it holds.',
    );
  }
  if (faceElement.count > MAX_TRIANGLES) throw tooLarge();

  const vertices = new Float32Array(vertexElement.count * 3);
  const faces = new IntList(Math.min(faceElement.count * 3, 1 << 24));
  const vertexCount = vertexElement.count;
  const source =
    encoding === 'ascii' ? new AsciiValues(bytes, bodyStart) : new BinaryValues(bytes, bodyStart, encoding);
  const corners: number[] = [];
  for (const element of elements) {
    for (let e = 0; e < element.count; e++) {
      for (let p = 0; p < element.properties.length; p++) {
        const property = element.properties[p]!;
        if (property.countType) {
          const n = source.next(property.countType);
          if (!Number.isInteger(n) || n < 0 || n > 1_000_000) throw bad('a list has an impossible length');
          const keep = element === faceElement && p === faceList;
          corners.length = 0;
          for (let k = 0; k < n; k++) {
            const value = source.next(property.type);
            if (!keep) continue;
            if (!Number.isInteger(value) || value < 0 || value >= vertexCount) {
              throw new MeshReadError(
                'bad_index',
                'The PLY file has a face that uses a vertex it does not define.',
              );
            }
            corners.push(value);
          }
          if (keep) {
            if (n < 3) throw bad('a face has fewer than 3 corners');
            for (let k = 1; k + 1 < n; k++) {
              faces.push(corners[0]!);
              faces.push(corners[k]!);
              faces.push(corners[k + 1]!);
            }
            if (faces.length > MAX_TRIANGLES * 3) throw tooLarge();
          }
        } else {
          const value = source.next(property.type);
          if (element === vertexElement) {
            const axis = xyz.indexOf(p);
            if (axis >= 0) vertices[e * 3 + axis] = value;
          }
        }
      }
    }
  }
  const triangles = faces.length / 3;
  if (triangles === 0) throw new MeshReadError('no_triangles', 'The PLY file contains no faces.');
  const positions = new Float32Array(triangles * 9);
  const f = faces.data;
  for (let k = 0; k < faces.length; k++) {
    const index = f[k]!;
    positions[k * 3] = vertices[index * 3]!;
    positions[k * 3 + 1] = vertices[index * 3 + 1]!;
    positions[k * 3 + 2] = vertices[index * 3 + 2]!;
  }
  checkCoordinates(positions, 'PLY');
  return {
    format: encoding === 'ascii' ? 'ply-ascii' : 'ply-binary',
    positions,
    unitDeclared: false,
    warnings: [],
  };
}

function readHeader(bytes: Uint8Array): { encoding: Encoding; elements: Element[]; bodyStart: number } {
  const limit = Math.min(bytes.length, MAX_HEADER_BYTES);
  let text = '';
  for (let i = 0; i < limit; i++) text += String.fromCharCode(bytes[i]!);
  const endMatch = /(^|\n)end_header[ \t]*\r?\n/.exec(text);
  if (!text.startsWith('ply') || !endMatch) throw bad('its header is incomplete');
  const bodyStart = endMatch.index + endMatch[0].length;
  const lines = text.slice(0, bodyStart).split(/\r?\n/);
  let encoding: Encoding | undefined;
  const elements: Element[] = [];
  for (const raw of lines.slice(1)) {
    const words = raw.trim().split(/\s+/);
    const keyword = words[0];
    if (keyword === 'format') {
      if (words[1] !== 'ascii' && words[1] !== 'binary_little_endian' && words[1] !== 'binary_big_endian') {
        throw bad(`its format "${words[1] ?? ''}" is unknown`);
      }
      encoding = words[1];
    } else if (keyword === 'element') {
      const count = Number(words[2]);
      if (!words[1] || !Number.isInteger(count) || count < 0) throw bad('an element has no valid count');
      elements.push({ name: words[1], count, properties: [] });
    } else if (keyword === 'property') {
      const element = elements.at(-1);
      if (!element) throw bad('a property comes before any element');
      if (words[1] === 'list') {
        const countType = TYPE_NAMES[words[2] ?? ''];
        const type = TYPE_NAMES[words[3] ?? ''];
        if (!countType || !type || !words[4]) throw bad('a list property has an unknown type');
        element.properties.push({ name: words[4], type, countType });
      } else {
        const type = TYPE_NAMES[words[1] ?? ''];
        if (!type || !words[2]) throw bad(`a property has an unknown type "${words[1] ?? ''}"`);
        element.properties.push({ name: words[2], type });
      }
    }
  }
  if (!encoding) throw bad('its header names no format');
  return { encoding, elements, bodyStart };
}

interface ValueSource {
  next(type: ScalarType): number;
}

class AsciiValues implements ValueSource {
  private readonly scanner = new NumberScanner();
  private pos: number;

  constructor(
    private readonly bytes: Uint8Array,
    start: number,
  ) {
    this.pos = start;
  }

  next(): number {
    const b = this.bytes;
    let i = this.pos;
    while (i < b.length && isSpace(b[i]!)) i++;
    if (i >= b.length) throw truncated();
    const value = this.scanner.read(b, i, b.length);
    this.pos = this.scanner.pos;
    return value;
  }
}

class BinaryValues implements ValueSource {
  private readonly view: DataView;
  private readonly little: boolean;
  private pos: number;

  constructor(bytes: Uint8Array, start: number, encoding: Encoding) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.little = encoding === 'binary_little_endian';
    this.pos = start;
  }

  next(type: ScalarType): number {
    const size = SIZES[type];
    if (this.pos + size > this.view.byteLength) throw truncated();
    const at = this.pos;
    this.pos += size;
    const v = this.view;
    switch (type) {
      case 'int8':
        return v.getInt8(at);
      case 'uint8':
        return v.getUint8(at);
      case 'int16':
        return v.getInt16(at, this.little);
      case 'uint16':
        return v.getUint16(at, this.little);
      case 'int32':
        return v.getInt32(at, this.little);
      case 'uint32':
        return v.getUint32(at, this.little);
      case 'float32':
        return v.getFloat32(at, this.little);
      case 'float64':
        return v.getFloat64(at, this.little);
    }
  }
}

function bad(detail: string): MeshReadError {
  return new MeshReadError('bad_structure', `The PLY file cannot be read: ${detail}.`);
}

function truncated(): MeshReadError {
  return new MeshReadError('truncated_file', 'The PLY file is cut short.');
}
