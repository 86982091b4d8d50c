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
  | 'unsupported';

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
