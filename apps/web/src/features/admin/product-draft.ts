import {
  fromSgInputValue,
  toSgInputValue,
  type AdminDoubleChancePrize,
  type AdminProduct,
  type AdminProductUpdate,
} from '@kujiya/shared';

/** The drop settings as their inputs hold them: the opening in Singapore time, the limits as text ('' is none). */
export interface DropSettingsDraft {
  salesStartAt: string;
  maxTicketsPerShopper: string;
  maxTicketsPerOrder: string;
  orderCooldownSeconds: string;
}
const LIMIT_FIELDS = ['maxTicketsPerShopper', 'maxTicketsPerOrder', 'orderCooldownSeconds'] as const;

export const emptyDropSettings: DropSettingsDraft = {
  salesStartAt: '',
  maxTicketsPerShopper: '',
  maxTicketsPerOrder: '',
  orderCooldownSeconds: '',
};

/** A limit's input as the API takes it: '' is no limit (null). */
const limitOf = (text: string) => (text.trim() === '' ? null : Number(text));

/** The drop settings that differ from the loaded ones, as the PUT (or the add-product form) takes them. */
export function dropSettingsEdits(loaded: DropSettingsDraft, draft: DropSettingsDraft): AdminProductUpdate {
  const payload: AdminProductUpdate = {};
  if (draft.salesStartAt !== loaded.salesStartAt)
    payload.salesStartAt = draft.salesStartAt ? fromSgInputValue(draft.salesStartAt) : null;
  for (const field of LIMIT_FIELDS)
    if (limitOf(draft[field]) !== limitOf(loaded[field])) payload[field] = limitOf(draft[field]);
  return payload;
}

/** The product editor's form state: what the admin can change, as the inputs hold it. */
export interface ProductDraft {
  productName: string;
  description: string;
  /** Comma separated, as the add-product form takes them. */
  tags: string;
  price: string;
  token: string;
  productImage: string;
  sku: string;
  status: 'active' | 'inactive';
  arrival: string | null;
  doubleChance: boolean;
  promotionId: string | null;
  lottery: { enabled: boolean; completed: boolean };
  /** Prize id -> its description and image. */
  prizes: Record<string, { description: string; image: string }>;
  /** Letter -> the next round's quantity. */
  quantities: Record<string, number>;
  doubleChancePrizes: AdminDoubleChancePrize[];
  /** The scheduled opening and limits (docs/rules/drops.md). */
  drop: DropSettingsDraft;
}

export function draftOf(product: AdminProduct): ProductDraft {
  return {
    productName: product.productName,
    description: product.description,
    tags: product.tags.join(', '),
    price: product.price.toFixed(2),
    token: String(product.token),
    productImage: product.productImage,
    sku: product.productSku,
    status: product.active ? 'active' : 'inactive',
    arrival: product.arrival,
    doubleChance: product.doubleChance,
    promotionId: product.promotion?.id ?? null,
    lottery: { enabled: product.lottery.enabled, completed: product.lottery.completed },
    prizes: Object.fromEntries(product.prizes.map((p) => [p.id, { description: p.description, image: p.image }])),
    quantities: Object.fromEntries(
      product.prizes.filter((p) => p.kind === 'letter').map((p) => [p.letter, p.initialQuantity]),
    ),
    doubleChancePrizes: product.prizes
      .filter((p) => p.kind === 'double')
      .map((p) => ({ id: p.id, name: p.name, description: p.description, quantity: p.initialQuantity })),
    drop: {
      salesStartAt: product.salesStartAt ? toSgInputValue(product.salesStartAt) : '',
      maxTicketsPerShopper: product.maxTicketsPerShopper?.toString() ?? '',
      maxTicketsPerOrder: product.maxTicketsPerOrder?.toString() ?? '',
      orderCooldownSeconds: product.orderCooldownSeconds?.toString() ?? '',
    },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * The partial PUT payload (docs/rules/back-office.md): only the fields that differ from the loaded
 * product. `needsReload` when the next round's prize quantities changed: that is a Reload Set.
 */
export function editsOf(
  loaded: ProductDraft,
  draft: ProductDraft,
): { payload: AdminProductUpdate; needsReload: boolean } {
  const payload: AdminProductUpdate = {};
  if (draft.productName !== loaded.productName) payload.productName = draft.productName;
  if (draft.description !== loaded.description) payload.description = draft.description;
  if (!same(tagsOf(draft.tags), tagsOf(loaded.tags))) payload.tags = tagsOf(draft.tags);
  if (Number(draft.price) !== Number(loaded.price)) payload.price = Number(draft.price);
  if (Number(draft.token) !== Number(loaded.token)) payload.token = Number(draft.token);
  if (draft.productImage !== loaded.productImage) payload.productImage = draft.productImage;
  if (draft.sku !== loaded.sku) payload.sku = draft.sku;
  if (draft.status !== loaded.status) payload.status = draft.status;
  if (draft.arrival !== loaded.arrival) payload.arrival = draft.arrival;
  if (draft.doubleChance !== loaded.doubleChance) payload.doubleChance = draft.doubleChance;
  if (draft.promotionId !== loaded.promotionId) payload.promotionId = draft.promotionId;
  if (!same(draft.lottery, loaded.lottery)) payload.lottery = draft.lottery;
  const prizes = Object.entries(draft.prizes)
    .filter(([id, prize]) => !same(prize, loaded.prizes[id]))
    .map(([id, prize]) => ({
      id,
      ...(prize.description !== loaded.prizes[id]?.description ? { description: prize.description } : {}),
      ...(prize.image !== loaded.prizes[id]?.image ? { image: prize.image } : {}),
    }));
  if (prizes.length > 0) payload.prizes = prizes;
  const needsReload = !same(draft.quantities, loaded.quantities);
  if (needsReload) payload.prizesQuantities = draft.quantities;
  if (!same(draft.doubleChancePrizes, loaded.doubleChancePrizes)) payload.doubleChancePrizes = draft.doubleChancePrizes;
  Object.assign(payload, dropSettingsEdits(loaded.drop, draft.drop));
  return { payload, needsReload };
}
