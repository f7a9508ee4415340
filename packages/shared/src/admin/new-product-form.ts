import { z } from 'zod';
import { dropSettingsFormShape } from '../catalogue/drops.ts';
import { PRIZE_QUANTITY_MAX } from '../catalogue/product-inputs.ts';

const formBoolean = z.preprocess(
  (value) => value === true || value === 'true' || value === 'on' || value === '1',
  z.boolean(),
);
const formInt = (field: string, min: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: `${field} is required` })
      .int(`${field} must be a whole number`)
      .min(min, `${field} must be at least ${min}`),
  );

/** Dollars: the most one ticket of a new product may cost. */
const PRICE_MAX = 100_000;
/** Prizes A to Z and the Last Prize. */
const PRIZES_MAX = 27;

export const newProductPrizeSchema = z.object({
  name: z.string().trim().min(1, 'Prize name is required').max(60),
  description: z.string().trim().max(200).default(''),
  // A schema's own `error` answers every issue without its own message: each bound names its limit.
  quantity: z
    .number({ error: 'Prize quantity is required' })
    .int('Prize quantity must be a whole number')
    .min(1, 'Prize quantity must be at least 1')
    .max(PRIZE_QUANTITY_MAX, `Prize quantity must be at most ${PRIZE_QUANTITY_MAX}`),
  type: z.enum(['Small', 'Big']).default('Small'),
});
export type NewProductPrize = z.infer<typeof newProductPrizeSchema>;

/**
 * POST /api/admin/add-product: the text fields of the multipart form. Files: `productImage` and
 * `prizeImage{i}` for prize i. `prizes` is the JSON text of the prize list.
 */
export const newProductFormSchema = z
  .object({
    name: z.string({ error: 'Product name is required' }).trim().min(1, 'Product name is required').max(120),
    quantity: formInt('Quantity', 1),
    sku: z.string({ error: 'SKU is required' }).trim().min(1, 'SKU is required').max(60),
    tags: z.preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(',')
              .map((tag) => tag.trim())
              .filter(Boolean)
          : value,
      z
        .array(z.string().max(40), { error: 'Tags are required' })
        .min(1, 'Tags are required')
        .max(10, 'At most 10 tags'),
    ),
    price: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      z
        .number({ error: 'Price is required' })
        .positive('Price must be more than 0')
        .max(PRICE_MAX, `Price must be at most ${PRICE_MAX}`),
    ),
    token: formInt('Token value', 1),
    active: formBoolean.default(true),
    doubleChance: formBoolean.default(false),
    preorder: formBoolean.default(false),
    arrival: z.string().trim().max(120).optional(),
    prizes: z.preprocess(
      (value) => {
        if (typeof value !== 'string') return value;
        try {
          return JSON.parse(value);
        } catch {
          return null;
        }
      },
      z
        .array(newProductPrizeSchema, { error: 'Add at least one prize' })
        .min(1, 'Add at least one prize')
        .max(PRIZES_MAX, `At most ${PRIZES_MAX} prizes`),
    ),
    /** The scheduled opening and the limits, each optional (docs/rules/drops.md). */
    ...dropSettingsFormShape,
  })
  .superRefine((form, issue) => {
    if (form.preorder && !form.arrival)
      issue.addIssue({ code: 'custom', path: ['arrival'], message: 'Arrival is required for a pre-order' });
    const tickets = form.prizes.filter((p) => !/^last/i.test(p.name)).reduce((sum, p) => sum + p.quantity, 0);
    if (tickets !== form.quantity) {
      issue.addIssue({
        code: 'custom',
        path: ['quantity'],
        message: `Quantity must equal the prizes' total (${tickets})`,
      });
    }
  });
export type NewProductForm = z.infer<typeof newProductFormSchema>;
export const PRODUCT_ADDED = 'Product and prizes added successfully!';
