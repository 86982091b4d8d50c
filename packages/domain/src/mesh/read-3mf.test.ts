import { zipSync, strToU8 } from 'fflate';
import { describe, expect, test } from 'vitest';
import { analyseMesh } from './analyse-mesh';
import { fixtureNames, readFixture } from './fixture-files.test-helper';
import { MeshReadError } from './mesh-read-error';
import { readMesh } from './read-mesh';

function errorOf(run: () => unknown): MeshReadError {
  try {
    run();
  } catch (error) {
    if (error instanceof MeshReadError) return error;
    throw error;
  }
  throw new Error('expected a MeshReadError');
}

/** The 3MF validation suite's must-fail files: core breaks are refused, extension breaks read with a warning. */
const expectedInvalid: Record<string, string> = {
  'MUSTFAIL_Chapter2.1.1b_PartsRelationships_LinkToExternal.3mf': 'external_reference',
  'MUSTFAIL_Chapter2.1.3_PartsRelationships_NonExistThumbnailPart.3mf': 'missing_part',
  'MUSTFAIL_Chapter2.3.2a_NonUTF_Encoding.3mf': 'not_utf8',
  'MUSTFAIL_Chapter2.3.2c_UndefinedNameSpaceInXDS.3mf': 'bad_structure',
  'MUSTFAIL_Chapter2.3.4_WhiteSpace.3mf': 'bad_structure',
  'MUSTFAIL_Chapter3.4.1b_DuplicatedMetadataName.3mf': 'duplicate_metadata',
  'MUSTFAIL_Chapter3.4.3.1b_BuildItemReferToObjectOfTypeOther.3mf': 'bad_object_type',
  'MUSTFAIL_Chapter3.4b_MissingBuildElement.3mf': 'missing_build',
  'MUSTFAIL_Chapter4a_InvalidObjectType.3mf': 'bad_object_type',
  'MUSTFAIL_Chapter5a_DuplicatedBaseMaterials.3mf': 'duplicate_id',
};

describe('3MF validation suite files', () => {
  test('every file in the folder is covered', () => {
    const names = fixtureNames('3mf-invalid');
    expect(names.length).toBe(19);
    for (const name of names) {
      expect(name.startsWith('MUSTFAIL_3MF100_Extension') || name in expectedInvalid).toBe(true);
    }
  });

  test.each(Object.entries(expectedInvalid))('%s is refused (%s)', (name, code) => {
    const error = errorOf(() => readMesh(readFixture('3mf-invalid', name), name));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(/^The 3MF file /);
  });

  test.each(fixtureNames('3mf-invalid').filter((n) => n.startsWith('MUSTFAIL_3MF100_Extension')))(
    '%s is read for its shape, with a warning',
    (name) => {
      const mesh = readMesh(readFixture('3mf-invalid', name), name);
      expect(mesh.format).toBe('3mf');
      expect(mesh.positions.length).toBeGreaterThan(0);
      expect(mesh.warnings).toEqual([
        'The colour and material information in the 3MF file is invalid and was ignored; the shape was read.',
      ]);
    },
  );
});

const MODEL_NS = 'http://schemas.microsoft.com/3dmanufacturing/core/2015/02';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>';
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const CUBE_MESH =
  '<mesh><vertices>' +
  [
    [0, 0, 0],
    [1, 0, 0],
    [1, 1, 0],
    [0, 1, 0],
    [0, 0, 1],
    [1, 0, 1],
    [1, 1, 1],
    [0, 1, 1],
  ]
    .map(([x, y, z]) => `<vertex x="${x}" y="${y}" z="${z}"/>`)
    .join('') +
  '</vertices><triangles>' +
  [
    [0, 2, 1],
    [0, 3, 2],
    [4, 5, 6],
    [4, 6, 7],
    [0, 1, 5],
    [0, 5, 4],
    [1, 2, 6],
    [1, 6, 5],
    [2, 3, 7],
    [2, 7, 6],
    [3, 0, 4],
    [3, 4, 7],
  ]
    .map(([a, b, c]) => `<triangle v1="${a}" v2="${b}" v3="${c}"/>`)
    .join('') +
  '</triangles></mesh>';

function package3mf(model: string): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(RELS),
    '3D/3dmodel.model': strToU8(model),
  });
}

describe('3MF placement', () => {
  test('coordinates are checked in millimetres, after the unit and the placement: 16 m or more is refused', () => {
    const placed = (unit: string, x: string) =>
      package3mf(
        `<model unit="${unit}" xmlns="${MODEL_NS}"><resources><object id="1" type="model">${CUBE_MESH}</object>` +
          `</resources><build><item objectid="1" transform="1 0 0 0 1 0 0 0 1 ${x} 0 0"/></build></model>`,
      );
    // 20,000 microns is 20 mm; 17 m is 17,000 mm; 20,000 mm moved by the build item
    expect(readMesh(placed('micron', '20000'), 'a.3mf').positions.some((v) => v >= 20)).toBe(true);
    for (const [unit, x] of [
      ['meter', '17'],
      ['millimeter', '20000'],
      ['millimeter', '-1e30'],
    ] as const) {
      expect(errorOf(() => readMesh(placed(unit, x), 'a.3mf')).code).toBe('out_of_range');
    }
  });

  test('build and component transforms and the unit are applied', () => {
    // a unit cube scaled 2x by a component, then moved by the build item; in centimetres
    const model =
      `<?xml version="1.0" encoding="UTF-8"?><model unit="centimeter" xmlns="${MODEL_NS}"><resources>` +
      `<object id="1" type="model">${CUBE_MESH}</object>` +
      '<object id="2"><components><component objectid="1" transform="2 0 0 0 2 0 0 0 2 0 0 0"/></components></object>' +
      '</resources><build><item objectid="2" transform="1 0 0 0 1 0 0 0 1 100 0 0"/>' +
      '<item objectid="1" transform="0 1 0 -1 0 0 0 0 1 0 0 5"/></build></model>';
    const mesh = readMesh(package3mf(model), 'part.3mf');
    const analysis = analyseMesh(mesh);
    // 8 cm3 + 1 cm3 in mm3
    expect(analysis.volumeMm3).toBeCloseTo(9000, 9);
    expect(analysis.shells).toBe(2);
    expect(analysis.watertight).toBe(true);
    // x from -10 mm (rotated cube) to 1020 mm (moved cube)
    expect(analysis.sizeMm.x).toBeCloseTo(1030, 9);
    expect(analysis.sizeMm.z).toBeCloseTo(60, 9);
    expect(analysis.unitGuess).toBe('mm');
  });

  test('a build item for a missing object, a loop of components and no resources are refused', () => {
    const missing = `<model xmlns="${MODEL_NS}"><resources/><build><item objectid="7"/></build></model>`;
    expect(errorOf(() => readMesh(package3mf(missing))).code).toBe('missing_object');
    const loop =
      `<model xmlns="${MODEL_NS}"><resources><object id="1"><components><component objectid="2"/></components></object>` +
      '<object id="2"><components><component objectid="1"/></components></object></resources>' +
      '<build><item objectid="1"/></build></model>';
    expect(errorOf(() => readMesh(package3mf(loop))).message).toContain('loop');
    const noResources = `<model xmlns="${MODEL_NS}"><build/></model>`;
    expect(errorOf(() => readMesh(package3mf(noResources))).code).toBe('missing_resources');
    const notXml = `<model xmlns="${MODEL_NS}"><resources>`;
    expect(errorOf(() => readMesh(package3mf(notXml))).code).toBe('bad_xml');
  });

  test('a damaged zip is refused', () => {
    const bytes = package3mf(`<model xmlns="${MODEL_NS}"><resources/><build/></model>`);
    expect(errorOf(() => readMesh(bytes.subarray(0, 60), 'x.3mf')).code).toBe('bad_zip');
  });
});
