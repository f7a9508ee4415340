import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from './http-errors.ts';
import { assertNoControlCharacters } from './input-hardening.ts';

/**
 * Multipart limits (docs/rules/security.md): the plugin's busboy limits, enforced while the request
 * streams in, so nothing is buffered beyond them. A form has at most `parts` parts, `fields` text
 * fields of `fieldSize` bytes each, and `files` files of `fileSize` bytes; the total is therefore
 * bounded too (about 6.3 MB).
 */
export const MULTIPART_LIMITS = {
  parts: 25,
  fields: 20,
  fieldNameSize: 100,
  fieldSize: 64 * 1024,
  files: 1,
  fileSize: 5 * 1024 * 1024,
  headerPairs: 50,
} as const;

export interface MultipartFile {
  fieldname: string;
  bytes: Buffer;
  contentType: string;
}

const TOO_LARGE_CODES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: 'file',
  FST_PARTS_LIMIT: 'parts',
  FST_FILES_LIMIT: 'files',
  FST_FIELDS_LIMIT: 'fields',
};

/**
 * Reads a multipart form: text fields (control characters refused) and the file of `fileField`
 * (read up to the file size cap; any other file part is drained unread). Over a limit answers
 * 413 with `tooLargeMessage` for the file or a general text; a malformed body is a 400.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { fileField: string; tooLargeMessage: string },
): Promise<{ fields: Record<string, string>; file?: MultipartFile }> {
  const fields: Record<string, string> = Object.create(null);
  let file: MultipartFile | undefined;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw new HttpError(413, `Each form field must be at most ${MULTIPART_LIMITS.fieldSize / 1024} kB.`);
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        assertNoControlCharacters(value, part.fieldname);
        assertNoControlCharacters(part.fieldname, 'Field name', true);
        fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== options.fileField) {
        part.file.resume();
        continue;
      }
      // toBuffer stops with FST_REQ_FILE_TOO_LARGE at the fileSize cap: never more than that is held.
      const bytes = await part.toBuffer();
      if (bytes.length > 0) file = { fieldname: part.fieldname, bytes, contentType: part.mimetype };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, options.tooLargeMessage);
    if (TOO_LARGE_CODES[code]) throw new HttpError(413, `The form has too many ${TOO_LARGE_CODES[code]}.`);
    // No boundary, a truncated body, a bad header: the client's form is broken, not the server.
    throw badRequest('The form data is malformed.');
  }
  return { fields, file };
}
