import { PRODUCT_ADDED, newProductFormSchema } from '@kujiya/shared';
import type { z } from 'zod';
import type { Principal } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/http-errors.ts';
import { assertNoControlCharacters, assertNoFormatCharacters } from '../../core/input-hardening.ts';
import type { AuditService } from '../audit/service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { MediaService } from '../media/service.ts';
import { dropSettingsPatchOf } from './drop-settings-input.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export interface UploadedImage {
  bytes: Buffer;
  contentType: string;
}

/**
 * A form's text fields through its schema. The fields were checked for control and format characters
 * as the form was read, but one may hold JSON (the prize list) whose escapes only now become
 * characters: the parsed form is checked again (docs/rules/security.md, "Input hardening").
 */
function parseForm<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]!.message);
  assertNoControlCharacters(result.data, '');
  assertNoFormatCharacters(result.data, '');
  return result.data;
}

/** The new-product form and image uploads (docs/rules/back-office.md). */
export function createAddProduct(
  ctx: AppContext,
  deps: { audit: AuditService; catalogue: CatalogueService; media: MediaService },
) {
  const { audit, catalogue, media } = deps;

  return {
    /** The new-product form: images through the media module, the product and its first round (fresh commitment). */
    async addProduct(
      admin: Principal,
      fields: Record<string, unknown>,
      images: Map<string, UploadedImage>,
    ): Promise<{ message: string; productId: string }> {
      const form = parseForm(newProductFormSchema, fields);
      const productImage = images.get('productImage');
      if (!productImage) throw badRequest('Product image is required');
      return ctx.db.transaction(async (tx) => {
        const image = await media.putImage(tx, productImage.bytes, productImage.contentType);
        let letterIndex = 0;
        const prizes = [];
        for (const [index, prize] of form.prizes.entries()) {
          const upload = images.get(`prizeImage${index}`);
          const prizeImage = upload ? await media.putImage(tx, upload.bytes, upload.contentType) : image;
          const description = prize.description || prize.name;
          if (/^last/i.test(prize.name)) {
            prizes.push({ kind: 'last' as const, description, image: prizeImage, type: prize.type });
          } else {
            const letter = /^prize\s+([a-z])$/i.exec(prize.name)?.[1]?.toUpperCase() ?? LETTERS[letterIndex];
            letterIndex++;
            if (!letter) throw badRequest('A set has at most 26 letter prizes');
            prizes.push({
              kind: 'letter' as const,
              letter,
              description,
              image: prizeImage,
              type: prize.type,
              quantity: prize.quantity,
            });
          }
        }
        const created = await catalogue.createProduct(tx, {
          name: form.name,
          image,
          sku: form.sku,
          tokenPrice: form.token,
          priceCents: Math.round(form.price * 100),
          tags: form.tags,
          preorder: form.preorder,
          arrival: form.preorder ? (form.arrival ?? null) : null,
          doubleChance: form.doubleChance,
          active: form.active,
          prizes,
        });
        await catalogue.setDropSettings(tx, created.productId, dropSettingsPatchOf(form));
        await audit.record(tx, {
          admin,
          action: 'product.create',
          entityType: 'product',
          entityId: created.productId,
          after: { ...form, setId: created.setId },
        });
        return { message: PRODUCT_ADDED, productId: created.productId };
      });
    },

    /** POST /api/admin/images: stores an image for a later edit (product or prize artwork). */
    async uploadImage(upload: UploadedImage): Promise<{ image: string }> {
      return { image: await media.putImage(ctx.db, upload.bytes, upload.contentType) };
    },
  };
}
