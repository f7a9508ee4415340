import crypto from 'node:crypto';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { IMAGE_TYPES, isImageContentType, isImageName, type ImageContentType } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { badRequest } from '../../core/http-errors.ts';
import { images } from './tables.ts';

const contentTypeByExtension = Object.fromEntries(
  Object.entries(IMAGE_TYPES).map(([type, ext]) => [ext, type as ImageContentType]),
) as Record<string, ImageContentType>;

/** The content-addressed name of some bytes. */
export function imageNameOf(bytes: Buffer, contentType: ImageContentType): string {
  const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  return `${hash}.${IMAGE_TYPES[contentType]}`;
}

export interface StoredImage {
  name: string;
  contentType: ImageContentType;
  bytes: Buffer;
  createdAt: Date;
}

export function createMediaService(ctx: AppContext) {
  return {
    /**
     * Stores an image and returns its name. Idempotent: the same bytes give the same name and are
     * stored once. Unsupported types and empty files are a 400.
     */
    async putImage(exec: Executor, bytes: Buffer, contentType: string, owner?: { userId: string }): Promise<string> {
      const type = contentType.toLowerCase().split(';')[0]!.trim();
      if (!isImageContentType(type)) throw badRequest('Unsupported image type');
      if (bytes.length === 0) throw badRequest('Image is empty');
      const name = imageNameOf(bytes, type);
      const insert = exec
        .insert(images)
        .values({ name, contentType: type, bytes, createdAt: ctx.clock.now(), ownerUserId: owner?.userId ?? null });
      // The shop storing bytes a shopper uploaded makes them the shop's: never deleted with the picture.
      if (owner) await insert.onConflictDoNothing();
      else await insert.onConflictDoUpdate({ target: images.name, set: { ownerUserId: null } });
      return name;
    },

    /** Names of the images a shopper uploaded, except `keep`. */
    async imagesOwnedBy(exec: Executor, userId: string, keep?: string): Promise<string[]> {
      const rows = await exec
        .select({ name: images.name })
        .from(images)
        .where(and(eq(images.ownerUserId, userId), keep ? ne(images.name, keep) : undefined));
      return rows.map((r) => r.name);
    },

    /** Deletes owned (shopper-uploaded) images by name; the shop's own images are never deleted. */
    async deleteOwnedImages(exec: Executor, names: string[]): Promise<number> {
      if (names.length === 0) return 0;
      const deleted = await exec
        .delete(images)
        .where(and(inArray(images.name, names), isNotNull(images.ownerUserId)))
        .returning({ name: images.name });
      return deleted.length;
    },

    /** The stored image, or null when unknown. */
    async getImage(name: string): Promise<StoredImage | null> {
      if (!isImageName(name)) return null;
      const [row] = await ctx.db.select().from(images).where(eq(images.name, name));
      if (!row) return null;
      return {
        ...row,
        contentType: contentTypeByExtension[name.split('.')[1]!] ?? (row.contentType as ImageContentType),
      };
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
