import { z } from 'zod';
import { phoneNumberSchema, postalCodeSchema } from '../accounts/schemas.ts';

/**
 * The shop's own settings the owner edits in the back office (docs/rules/shop-ops.md): where
 * self-collections are picked up, and the sender address printed on shipping labels.
 */

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

const MAP_LINK_MESSAGE = 'Map link must be an http(s) address.';

/** The self-collection pickup point: shown in the collection dialog, on each booking, in its e-mail and on the static pages. */
export const pickupPointSchema = z.object({
  address: text('Pickup address', 300),
  openingNote: z.string().trim().max(300, 'Opening note must be at most 300 characters.'),
  /** A link to the place on a map (empty: none). */
  mapLink: z.union([
    z.literal(''),
    z.url({ protocol: /^https?$/, message: MAP_LINK_MESSAGE }).max(500, MAP_LINK_MESSAGE),
  ]),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

/** The sender block of the shipping labels. */
export const senderAddressSchema = z.object({
  name: text('Sender name', 100),
  address: text('Sender address', 300),
  postalCode: postalCodeSchema,
  contact: phoneNumberSchema,
});
export type SenderAddress = z.infer<typeof senderAddressSchema>;

/** GET / PUT /api/admin/settings */
export const shopSettingsSchema = z.object({ pickupPoint: pickupPointSchema, senderAddress: senderAddressSchema });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** The values a new shop starts with (the demo shop's), until the owner saves their own. */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  pickupPoint: {
    address: 'Kujiya Collection Counter, 1 Kujiya Street, #01-01, Singapore 049145',
    openingNote:
      'Open for collections on Wednesdays 2 PM to 6 PM and Fridays 6 PM to 9 PM. Show your collection reference (SC-…) at the counter.',
    mapLink: 'https://www.google.com/maps/search/?api=1&query=Singapore+049145',
  },
  senderAddress: { name: 'Kujiya', address: '1 Kujiya Street, #01-01', postalCode: '049145', contact: '61234567' },
};

/** GET /api/settings/pickup-point (public) */
export const pickupPointResponseSchema = z.object({ pickupPoint: pickupPointSchema });
export type PickupPointResponse = z.infer<typeof pickupPointResponseSchema>;
