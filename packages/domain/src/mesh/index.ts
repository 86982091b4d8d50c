export { MeshReadError } from './mesh-read-error';
export type { MeshReadErrorCode } from './mesh-read-error';
export type { MeshAnalysis, MeshFormat, TriangleMesh } from './mesh-types';
export { MESH_UNITS, MM_PER_UNIT, guessUnit, toMillimetres, JEWELRY_MIN_MM, JEWELRY_MAX_MM } from './units';
export type { MeshUnit, MeshUnitGuess } from './units';
// the readers first: each module primes its hot loops when loaded, and the binary STL record copy takes
// longest to compile, so its compile should start first
export { readMesh, readMeshStream, detectMeshKind } from './read-mesh';
export type { MeshFileKind, MeshStreamOptions } from './read-mesh';
export { analyseMesh, measureMesh, checkSoundness, weldVertices } from './analyse-mesh';
export type { AnalyseOptions, MeshMeasures, MeshSoundness } from './analyse-mesh';
export { readStl, readStlBinary, readStlAscii, readStlAsciiStream, detectStlKind } from './read-stl';
export { readObj } from './read-obj';
export { readPly } from './read-ply';
export { read3mf } from './read-3mf';
export { MAX_COORDINATE, MAX_TRIANGLES } from './limits';
export { NOT_A_MODEL_MESSAGE, OUT_OF_RANGE_MESSAGE } from './mesh-read-error';
export { writeStlBinary, writeStlAscii } from './write-stl';
export { generateCube, generateUvSphere, generateTorus } from './generate-meshes';
