import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, badRequest } from './http-errors.ts';
import { assertNoControlCharacters, assertNoFormatCharacters } from './input-hardening.ts';

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

/**
 * Lets the routes of `scope` (a module's) read multipart forms. Registered per module, not for the
 * whole app: the plugin adds two hooks to every request of its scope (a listener on each response,
 * an async clean-up after it), which cost a cached catalogue answer a tenth of its throughput
 * (docs/performance.md). Elsewhere a multipart body is refused as an unsupported media type.
 */
export async function acceptMultipartForms(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: MULTIPART_LIMITS });
}

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
 * Reads a multipart form: text fields (control and format characters refused) and the file of `fileField`
 * (read up to the file size cap; any other file part is drained unread). Over a limit answers
 * 413 with `tooLargeMessage` for the file or a general text; a malformed body is a 400.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { fileField: string; tooLargeMessage: string },
): Promise<{ fields: Record<string, string>; file?: MultipartFile }> {
  const { fields, files } = await readMultipartFiles(request, {
    isFileField: (name) => name === options.fileField,
    maxFiles: MULTIPART_LIMITS.files,
    tooLargeMessage: options.tooLargeMessage,
  });
  return { fields, file: files[0] };
}

/**
 * The same reader for a form with several files (the back office's new product: its image and one per
 * prize): the files whose field `isFileField` accepts, at most `maxFiles` of them, each capped at the
 * file size limit.
 */
export async function readMultipartFiles(
  request: FastifyRequest,
  options: { isFileField: (name: string) => boolean; maxFiles: number; tooLargeMessage: string },
): Promise<{ fields: Record<string, string>; files: MultipartFile[] }> {
  const fields: Record<string, string> = Object.create(null);
  const files: MultipartFile[] = [];
  const limits = { ...MULTIPART_LIMITS, files: options.maxFiles, parts: MULTIPART_LIMITS.fields + options.maxFiles };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw new HttpError(413, `Each form field must be at most ${MULTIPART_LIMITS.fieldSize / 1024} kB.`);
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        assertNoControlCharacters(value, part.fieldname);
        assertNoControlCharacters(part.fieldname, 'Field name', true);
        assertNoFormatCharacters({ [part.fieldname]: value }, '');
        fields[part.fieldname] = value;
        continue;
      }
      if (!options.isFileField(part.fieldname)) {
        part.file.resume();
        continue;
      }
      // toBuffer stops with FST_REQ_FILE_TOO_LARGE at the fileSize cap: never more than that is held.
      const bytes = await part.toBuffer();
      if (bytes.length > 0) files.push({ fieldname: part.fieldname, bytes, contentType: part.mimetype });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, options.tooLargeMessage);
    if (TOO_LARGE_CODES[code]) throw new HttpError(413, `The form has too many ${TOO_LARGE_CODES[code]}.`);
    // No boundary, a truncated body, a bad header: the client's form is broken, not the server.
    throw badRequest('The form data is malformed.');
  }
  return { fields, files };
}
