import { newProductFormSchema, type NewProductPrize } from '@kujiya/shared';

export interface AddProductInput {
  fields: Record<'name' | 'quantity' | 'sku' | 'tags' | 'price' | 'token' | 'arrival', string>;
  flags: { active: boolean; doubleChance: boolean; preorder: boolean };
  prizes: (NewProductPrize & { image: File | null })[];
  productImage: File | null;
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Type and size checked before upload; the server checks again. */
function imageProblem(file: File | null, missing: string): string | null {
  if (!file) return missing;
  if (!IMAGE_TYPES.includes(file.type)) return 'Images must be PNG, JPEG, WebP or SVG';
  if (file.size > MAX_IMAGE_BYTES) return 'Each image must be at most 5 MB.';
  return null;
}

/** The Quantity the form fills in: the letter prizes' total (a "Last Prize" is not a ticket). */
export const ticketsOf = (prizes: readonly { name: string; quantity: number }[]) =>
  prizes
    .filter((p) => !/^last/i.test(p.name.trim()))
    .reduce((sum, p) => sum + (Number.isFinite(p.quantity) ? p.quantity : 0), 0);

/**
 * Every problem of the add-product form at once, keyed by field ("name", "prizes.0.quantity",
 * "productImage", ...), with the server's own messages (the same shared schema checks it there).
 */
export function addProductErrors(input: AddProductInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const add = (key: string, message: string | null) => {
    if (message && !errors[key]) errors[key] = message;
  };
  const form = {
    ...Object.fromEntries(
      Object.entries(input.fields).filter(
        ([name, value]) => value.trim() !== '' && (name !== 'arrival' || input.flags.preorder),
      ),
    ),
    ...Object.fromEntries(Object.entries(input.flags).map(([name, value]) => [name, String(value)])),
    prizes: JSON.stringify(
      input.prizes.map(({ name, description, quantity, type }) => ({ name, description, quantity, type })),
    ),
  };
  const parsed = newProductFormSchema.safeParse(form);
  if (!parsed.success) for (const issue of parsed.error.issues) add(issue.path.join('.') || 'form', issue.message);
  if (input.flags.preorder && !input.fields.arrival.trim()) add('arrival', 'Arrival is required for a pre-order');
  add('productImage', imageProblem(input.productImage, 'Product image is required'));
  input.prizes.forEach((prize, index) => {
    if (!prize.description.trim()) add(`prizes.${index}.description`, 'Prize description is required');
    add(`prizes.${index}.image`, imageProblem(prize.image, 'Prize image is required'));
  });
  return errors;
}
