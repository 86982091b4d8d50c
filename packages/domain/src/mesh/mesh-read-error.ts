/** Why a file could not be read. Lowercase snake codes, stable for clients and tests. */
export type MeshReadErrorCode =
  | 'cannot_open'
  | 'empty_file'
  | 'unknown_format'
  | 'truncated_file'
  | 'too_large'
  | 'bad_number'
  | 'bad_index'
  | 'bad_structure'
  | 'no_triangles'
  | 'not_utf8'
  | 'bad_xml'
  | 'bad_zip'
  | 'missing_part'
  | 'external_reference'
  | 'missing_build'
  | 'missing_resources'
  | 'missing_object'
  | 'bad_object_type'
  | 'duplicate_id'
  | 'duplicate_metadata'
  | 'bad_unit'
  | 'unsupported'
  | 'not_a_model'
  | 'out_of_range';

/** A binary STL whose length does not fit its triangle count: most often another kind of file renamed. */
export const NOT_A_MODEL_MESSAGE =
  'This file does not look like a 3D model: its size does not match the triangles it declares, so it may be another kind of file renamed, or a damaged one. Please export your design again as STL, OBJ, PLY or 3MF and upload that file.';

/** Coordinates beyond MAX_COORDINATE: no unit makes this a piece of jewelry. */
export const OUT_OF_RANGE_MESSAGE =
  'This model reaches more than 16 metres from its origin, far beyond any piece of jewelry, so the file is probably damaged or not a 3D model. Please export your design again and upload that file.';

/**
 * The one error every reader throws for a file it cannot read. `message` is written for the customer
 * who uploaded the file; `code` is for programs.
 */
export class MeshReadError extends Error {
  readonly code: MeshReadErrorCode;

  constructor(code: MeshReadErrorCode, message: string) {
    super(message);
    this.name = 'MeshReadError';
    this.code = code;
  }

  toJSON(): { error: { code: MeshReadErrorCode; message: string } } {
    return { error: { code: this.code, message: this.message } };
  }
}

/** Any failure inside a reader (a library's own error, a RangeError from a huge allocation) as a MeshReadError. */
export function asMeshReadError(error: unknown): MeshReadError {
  if (error instanceof MeshReadError) return error;
  if (error instanceof RangeError) return new MeshReadError('too_large', 'The model is too large to read.');
  return new MeshReadError('bad_structure', 'The file is damaged and cannot be read.');
}
