import { checkCoordinates } from './coordinates';
import { unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';
import type { SaxesTagNS } from 'saxes';
import { MAX_TRIANGLES } from './limits';
import { MeshReadError } from './mesh-read-error';
import type { TriangleMesh } from './mesh-types';
import { tooLarge } from './read-obj';

// the domain package has no DOM or Node types; TextDecoder exists in browsers, Node and workers alike
declare const TextDecoder: new (
  label: string,
  options?: { fatal?: boolean },
) => { decode(input: Uint8Array): string };

const CORE = 'http://schemas.microsoft.com/3dmanufacturing/core/2015/02';
const MATERIAL = 'http://schemas.microsoft.com/3dmanufacturing/material/2015/02';
const PRODUCTION = 'http://schemas.microsoft.com/3dmanufacturing/production/2015/06';
const MODEL_RELATIONSHIP = 'http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel';
const SUPPORTED_EXTENSIONS = new Set([MATERIAL, PRODUCTION]);
/** Most bytes of XML we agree to inflate (a zip can claim anything). */
const MAX_XML_BYTES = 1 << 30;
const MAX_COMPONENT_DEPTH = 32;

const UNIT_MM: Record<string, number> = {
  micron: 0.001,
  millimeter: 1,
  centimeter: 10,
  inch: 25.4,
  foot: 304.8,
  meter: 1000,
};

const MESH_ELEMENTS = new Set(['vertices', 'vertex', 'triangles', 'triangle']);
const OBJECT_TYPES = new Set(['model', 'solidsupport', 'support', 'surface', 'other']);

/** Row-vector affine transform as 3MF writes it: m00 m01 m02 m10 m11 m12 m20 m21 m22 m30 m31 m32. */
type Transform = readonly number[];
const IDENTITY: Transform = [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0];

interface Component {
  objectId: string;
  path: string | undefined;
  transform: Transform;
}

interface ObjectDef {
  id: string;
  type: string;
  vertices: number[];
  triangles: number[];
  components: Component[];
}

interface BuildItem {
  objectId: string;
  path: string | undefined;
  transform: Transform;
}

interface ModelPart {
  unitMm: number;
  objects: Map<string, ObjectDef>;
  build: BuildItem[];
}

/**
 * 3MF: a zip (OPC package) whose start part, found through `_rels/.rels`, is a model XML. The core
 * structure is checked and refused when broken; material, colour and texture extension errors only
 * produce a warning, since the shape can still be read. Build items and components are placed with their
 * transforms, and the model's unit is converted to millimetres.
 */
export function read3mf(bytes: Uint8Array): TriangleMesh {
  const names = new Set<string>();
  let inflated = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter(file) {
        names.add(partName(file.name));
        const wanted = /(\.rels|\.model|\[content_types\]\.xml)$/i.test(file.name);
        if (wanted) {
          inflated += file.originalSize;
          if (inflated > MAX_XML_BYTES) throw tooLarge();
        }
        return wanted;
      },
    });
  } catch (error) {
    if (error instanceof MeshReadError) throw error;
    throw new MeshReadError('bad_zip', 'The 3MF file is damaged: its zip container cannot be opened.');
  }
  const parts = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(files)) parts.set(partName(name), data);

  if (!names.has('/[content_types].xml')) {
    throw new MeshReadError('missing_part', 'The 3MF file is incomplete: it has no content types part.');
  }
  const rootRels = parts.get('/_rels/.rels');
  if (!rootRels)
    throw new MeshReadError('missing_part', 'The 3MF file is incomplete: it has no relationships part.');
  const startRel = readRelationships(rootRels, '/_rels/.rels').find((r) => r.type === MODEL_RELATIONSHIP);
  if (!startRel) throw new MeshReadError('missing_part', 'The 3MF file has no 3D model in it.');
  const startPart = resolveTarget('/', startRel.target);

  const warnings: string[] = [];
  const models = new Map<string, ModelPart>();
  const loadModel = (path: string): ModelPart => {
    const key = path.toLowerCase();
    let model = models.get(key);
    if (!model) {
      const data = parts.get(key);
      if (!data)
        throw new MeshReadError(
          'missing_part',
          `The 3MF file refers to a model part it does not contain: ${path}.`,
        );
      model = readModelPart(data, path, key === startPart.toLowerCase(), warnings);
      models.set(key, model);
    }
    return model;
  };
  const start = loadModel(startPart);

  checkRelationships(parts, names);

  // count first so instancing cannot make us allocate without limit
  const resolve = (
    from: string,
    objectId: string,
    path: string | undefined,
  ): { object: ObjectDef; part: string } => {
    const part = path ? resolveTarget('/', path) : from;
    const object = loadModel(part).objects.get(objectId);
    if (!object) {
      throw new MeshReadError(
        'missing_object',
        `The 3MF file refers to an object (id ${objectId}) that it does not define.`,
      );
    }
    return { object, part };
  };
  const countTriangles = (object: ObjectDef, part: string, depth: number): number => {
    if (depth > MAX_COMPONENT_DEPTH) {
      throw new MeshReadError(
        'bad_structure',
        'The 3MF file has components that refer to each other in a loop.',
      );
    }
    let total = object.triangles.length / 3;
    for (const c of object.components) {
      const child = resolve(part, c.objectId, c.path);
      total += countTriangles(child.object, child.part, depth + 1);
      if (total > MAX_TRIANGLES) throw tooLarge();
    }
    return total;
  };
  const items: Array<{ object: ObjectDef; part: string; transform: Transform }> = [];
  let total = 0;
  for (const item of start.build) {
    const { object, part } = resolve(startPart.toLowerCase(), item.objectId, item.path);
    if (object.type === 'other') {
      throw new MeshReadError(
        'bad_object_type',
        'The 3MF file asks to build an object of type "other", which is not allowed.',
      );
    }
    if (object.type === 'support') {
      warnings.push('Support structures in the 3MF file were left out.');
      continue;
    }
    total += countTriangles(object, part, 0);
    if (total > MAX_TRIANGLES) throw tooLarge();
    items.push({ object, part, transform: item.transform });
  }
  if (total === 0) throw new MeshReadError('no_triangles', 'The 3MF file contains no triangles to build.');

  const positions = new Float32Array(total * 9);
  let offset = 0;
  const emit = (object: ObjectDef, part: string, transform: Transform, scale: number): void => {
    const [m00, m01, m02, m10, m11, m12, m20, m21, m22, m30, m31, m32] = transform as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const v = object.vertices;
    const t = object.triangles;
    for (let k = 0; k < t.length; k++) {
      const i = t[k]! * 3;
      const x = v[i]!;
      const y = v[i + 1]!;
      const z = v[i + 2]!;
      positions[offset++] = (x * m00 + y * m10 + z * m20 + m30) * scale;
      positions[offset++] = (x * m01 + y * m11 + z * m21 + m31) * scale;
      positions[offset++] = (x * m02 + y * m12 + z * m22 + m32) * scale;
    }
    for (const c of object.components) {
      const child = resolve(part, c.objectId, c.path);
      emit(child.object, child.part, compose(c.transform, transform), scale);
    }
  };
  for (const item of items) emit(item.object, item.part, item.transform, loadModel(item.part).unitMm);
  checkCoordinates(positions, '3MF');
  return { format: '3mf', positions, unitDeclared: true, warnings: [...new Set(warnings)] };
}

/** `first` then `second`, both row-vector affine transforms. */
function compose(first: Transform, second: Transform): Transform {
  const a = (r: number, c: number): number => (r === 3 ? first[9 + c]! : first[r * 3 + c]!);
  const b = (r: number, c: number): number => (r === 3 ? second[9 + c]! : second[r * 3 + c]!);
  const out: number[] = [];
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 3; c++) {
      let sum = r === 3 ? b(3, c) : 0;
      for (let k = 0; k < 3; k++) sum += a(r, k) * b(k, c);
      out.push(sum);
    }
  }
  return out;
}

/** OPC part names compare case-insensitively and start with a slash. */
function partName(name: string): string {
  return (name.startsWith('/') ? name : `/${name}`).toLowerCase();
}

function resolveTarget(sourceFolder: string, target: string): string {
  if (target.startsWith('/')) return target;
  const segments = sourceFolder.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

interface Relationship {
  target: string;
  type: string;
  external: boolean;
}

function readRelationships(data: Uint8Array, name: string): Relationship[] {
  const relationships: Relationship[] = [];
  parseXml(data, name, (tag) => {
    if (tag.local !== 'Relationship') return;
    relationships.push({
      target: tag.attributes['Target']?.value ?? '',
      type: tag.attributes['Type']?.value ?? '',
      external: tag.attributes['TargetMode']?.value === 'External',
    });
  });
  return relationships;
}

/** Every relationship must point inside the package, at a part that is there. */
function checkRelationships(parts: Map<string, Uint8Array>, names: Set<string>): void {
  for (const [name, data] of parts) {
    const match = /^(.*\/)_rels\/([^/]*)\.rels$/.exec(name);
    if (!match) continue;
    const sourceFolder = match[1]!;
    for (const rel of readRelationships(data, name)) {
      if (rel.external || /^[a-z][a-z0-9+.-]*:/i.test(rel.target)) {
        throw new MeshReadError(
          'external_reference',
          `The 3MF file refers to something outside itself (${rel.target}), which is not allowed.`,
        );
      }
      const target = resolveTarget(sourceFolder, rel.target);
      if (!names.has(target.toLowerCase())) {
        throw new MeshReadError(
          'missing_part',
          `The 3MF file refers to a part it does not contain: ${target}.`,
        );
      }
    }
  }
}

type TagHandler = (tag: SaxesTagNS, path: readonly string[]) => void;

/** Strict, namespace-aware XML over UTF-8 bytes; anything malformed becomes a MeshReadError. */
function parseXml(
  data: Uint8Array,
  name: string,
  onOpen: TagHandler,
  onClose?: (tag: SaxesTagNS) => void,
): void {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new MeshReadError('not_utf8', `The 3MF file is not encoded as UTF-8 (part ${name}).`);
  }
  const parser = new SaxesParser({ xmlns: true, position: false });
  const path: string[] = [];
  let failure: unknown;
  parser.on('xmldecl', (decl) => {
    if (decl.encoding && decl.encoding.toLowerCase() !== 'utf-8') {
      failure = new MeshReadError(
        'not_utf8',
        `The 3MF file declares the encoding ${decl.encoding}; only UTF-8 is read.`,
      );
    }
  });
  parser.on('opentag', (tag) => {
    if (failure) return;
    try {
      onOpen(tag, path);
    } catch (error) {
      failure = error;
    }
    path.push(`${tag.uri} ${tag.local}`);
  });
  parser.on('closetag', (tag) => {
    path.pop();
    if (failure || !onClose) return;
    try {
      onClose(tag);
    } catch (error) {
      failure = error;
    }
  });
  parser.on('error', (error) => {
    failure ??= new MeshReadError(
      'bad_xml',
      `The 3MF file is damaged: ${name} is not well-formed XML (${error.message}).`,
    );
  });
  try {
    parser.write(text).close();
  } catch (error) {
    failure ??= new MeshReadError(
      'bad_xml',
      `The 3MF file is damaged: ${name} is not well-formed XML (${error instanceof Error ? error.message : 'parse error'}).`,
    );
  }
  if (failure) throw failure;
}

interface ResourceRecord {
  uri: string;
  local: string;
  attributes: Record<string, string>;
}

function readModelPart(data: Uint8Array, name: string, isStart: boolean, warnings: string[]): ModelPart {
  const model: ModelPart = { unitMm: 1, objects: new Map(), build: [] };
  const metadataNames = new Set<string>();
  const resources = new Map<string, ResourceRecord>();
  let sawModel = false;
  let sawResources = false;
  let sawBuild = false;
  let current: ObjectDef | undefined;
  const extensionProblem = (): void => {
    warnings.push(
      'The colour and material information in the 3MF file is invalid and was ignored; the shape was read.',
    );
  };

  parseXml(
    data,
    name,
    (tag, path) => {
      const meshElement = tag.uri === CORE && MESH_ELEMENTS.has(tag.local);
      for (const attribute of Object.values(tag.attributes)) {
        if (attribute.prefix === 'xml' && attribute.local === 'space') {
          throw new MeshReadError('bad_structure', 'The 3MF file uses xml:space, which 3MF does not allow.');
        }
        // the core schema gives vertices and triangles no room for other namespaces' attributes
        if (
          meshElement &&
          attribute.uri !== '' &&
          attribute.prefix !== 'xmlns' &&
          attribute.name !== 'xmlns'
        ) {
          throw new MeshReadError(
            'bad_structure',
            `The 3MF file puts an unknown attribute (${attribute.name}) on its mesh, which 3MF does not allow.`,
          );
        }
      }
      const attr = (key: string): string | undefined => tag.attributes[key]?.value;
      if (path.length === 0) {
        if (tag.uri !== CORE || tag.local !== 'model') {
          throw new MeshReadError('bad_structure', 'The 3MF file does not contain a 3MF model.');
        }
        sawModel = true;
        const unit = attr('unit') ?? 'millimeter';
        const mm = UNIT_MM[unit];
        if (mm === undefined)
          throw new MeshReadError('bad_unit', `The 3MF file uses an unknown unit "${unit}".`);
        model.unitMm = mm;
        for (const prefix of (attr('requiredextensions') ?? '').split(/\s+/).filter(Boolean)) {
          const uri = tag.ns[prefix];
          if (!uri || !SUPPORTED_EXTENSIONS.has(uri)) {
            throw new MeshReadError(
              'unsupported',
              `The 3MF file needs an extension we cannot read (${uri ?? prefix}).`,
            );
          }
        }
        return;
      }
      const parent = path[path.length - 1]!;
      if (tag.uri === CORE) {
        switch (tag.local) {
          case 'metadata': {
            const metadataName = attr('name') ?? '';
            if (metadataNames.has(metadataName)) {
              throw new MeshReadError(
                'duplicate_metadata',
                `The 3MF file names the metadata "${metadataName}" twice.`,
              );
            }
            metadataNames.add(metadataName);
            return;
          }
          case 'resources':
            sawResources = true;
            return;
          case 'build':
            sawBuild = true;
            return;
          case 'object': {
            const id = attr('id') ?? '';
            const type = attr('type') ?? 'model';
            if (!OBJECT_TYPES.has(type)) {
              throw new MeshReadError(
                'bad_object_type',
                `The 3MF file has an object of unknown type "${type}".`,
              );
            }
            recordResource(resources, id, tag, extensionProblem);
            current = { id, type, vertices: [], triangles: [], components: [] };
            model.objects.set(id, current);
            return;
          }
          case 'basematerials':
            recordResource(resources, attr('id') ?? '', tag, extensionProblem);
            return;
          case 'vertex': {
            if (!current || !parent.endsWith(' vertices')) return;
            for (const axis of ['x', 'y', 'z']) {
              const value = Number(attr(axis));
              if (attr(axis) === undefined || attr(axis)!.trim() === '' || !Number.isFinite(value)) {
                throw new MeshReadError(
                  'bad_number',
                  `The 3MF file has a vertex with an invalid ${axis} coordinate.`,
                );
              }
              current.vertices.push(value);
            }
            return;
          }
          case 'triangle': {
            if (!current || !parent.endsWith(' triangles')) return;
            const count = current.vertices.length / 3;
            for (const key of ['v1', 'v2', 'v3']) {
              const index = Number(attr(key));
              if (!Number.isInteger(index) || index < 0 || index >= count) {
                throw new MeshReadError(
                  'bad_index',
                  'The 3MF file has a triangle that uses a vertex it does not define.',
                );
              }
              current.triangles.push(index);
            }
            if (current.triangles.length > MAX_TRIANGLES * 3) throw tooLarge();
            return;
          }
          case 'component':
            if (!current) return;
            current.components.push({
              objectId: attr('objectid') ?? '',
              path: productionPath(tag),
              transform: readTransform(attr('transform')),
            });
            return;
          case 'item':
            if (!parent.endsWith(' build')) return;
            model.build.push({
              objectId: attr('objectid') ?? '',
              path: productionPath(tag),
              transform: readTransform(attr('transform')),
            });
            return;
          default:
            return;
        }
      }
      if (tag.uri === MATERIAL && parent === `${CORE} resources`) {
        recordResource(resources, attr('id') ?? '', tag, extensionProblem);
        if (
          tag.local === 'compositematerials' &&
          (attr('matid') === undefined || attr('matindices') === undefined)
        ) {
          extensionProblem();
        }
        if (tag.local === 'multiproperties' && attr('pids') === undefined) extensionProblem();
        if (tag.local === 'texture2d' && attr('path') === undefined) extensionProblem();
      }
    },
    (tag) => {
      if (tag.uri === CORE && tag.local === 'object') current = undefined;
    },
  );
  if (!sawModel) throw new MeshReadError('bad_structure', 'The 3MF file does not contain a 3MF model.');
  if (!sawResources) throw new MeshReadError('missing_resources', 'The 3MF file has no resources section.');
  if (isStart && !sawBuild)
    throw new MeshReadError('missing_build', 'The 3MF file has no build section, so nothing is to be made.');
  checkPropertyReferences(resources, extensionProblem);
  return model;
}

function productionPath(tag: SaxesTagNS): string | undefined {
  for (const attribute of Object.values(tag.attributes)) {
    if (attribute.uri === PRODUCTION && attribute.local === 'path') return attribute.value;
  }
  return undefined;
}

function recordResource(
  resources: Map<string, ResourceRecord>,
  id: string,
  tag: SaxesTagNS,
  extensionProblem: () => void,
): void {
  const attributes: Record<string, string> = {};
  for (const [key, attribute] of Object.entries(tag.attributes)) attributes[key] = attribute.value;
  const existing = resources.get(id);
  if (existing) {
    // two core resources (objects, base materials) with one id make the model ambiguous; extension-only
    // clashes only spoil colours and materials
    if (existing.uri === CORE || tag.uri === CORE) {
      throw new MeshReadError('duplicate_id', `The 3MF file uses the resource id ${id} twice.`);
    }
    extensionProblem();
    return;
  }
  resources.set(id, { uri: tag.uri, local: tag.local, attributes });
}

/** Material-extension rules on multiproperties: no nested multiproperties, at most one base/colour group. */
function checkPropertyReferences(resources: Map<string, ResourceRecord>, extensionProblem: () => void): void {
  for (const resource of resources.values()) {
    if (resource.local !== 'multiproperties' || resource.uri !== MATERIAL) continue;
    const kinds = (resource.attributes['pids'] ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((pid) => resources.get(pid)?.local);
    const count = (kind: string): number => kinds.filter((k) => k === kind).length;
    if (
      kinds.includes(undefined) ||
      count('multiproperties') > 0 ||
      count('basematerials') > 1 ||
      count('colorgroup') > 1
    ) {
      extensionProblem();
    }
  }
}

function readTransform(value: string | undefined): Transform {
  if (value === undefined) return IDENTITY;
  const numbers = value.trim().split(/\s+/).map(Number);
  if (numbers.length !== 12 || numbers.some((n) => !Number.isFinite(n))) {
    throw new MeshReadError('bad_structure', 'The 3MF file has an invalid transform.');
  }
  return numbers;
}
