import type { AdminRole } from '@kujiya/shared';

/**
 * The back office's sections, in the order of the admin nav and the dashboard menu (docs/rules/back-office.md).
 * `staff`: shown to staff admins too (the server enforces the same split, docs/rules/shop-ops.md).
 */
export const adminSections = [
  { to: '/admin/menu', label: 'Dashboard', hint: 'Revenue, sell-through and the fulfilment queue', staff: true },
  { to: '/admin/products', label: 'Products', hint: 'Sets, prizes, reloads and availability', staff: false },
  { to: '/admin/orders', label: 'Orders', hint: 'Every order, lottery and payment state', staff: true },
  { to: '/admin/selfcollect', label: 'Self Collections', hint: 'Booked pick-ups and their status', staff: true },
  { to: '/admin/shipments', label: 'Shipments', hint: 'Parcels to send and export labels', staff: true },
  { to: '/admin/inventory-lookup', label: 'Inventory Lookup', hint: "Any user's inventory", staff: true },
  { to: '/admin/token-packages', label: 'Token Packages', hint: 'What tokens cost in the shop', staff: false },
  { to: '/admin/promo-codes', label: 'Promo Codes', hint: 'Bonus token codes and their uses', staff: false },
  { to: '/admin/shoppers', label: 'Shoppers', hint: 'Accounts, tokens, disable and enable', staff: false },
  { to: '/admin/admins', label: 'Admins', hint: 'Invite owners and staff', staff: false },
  { to: '/admin/announcements', label: 'Announcements', hint: 'Site-wide banners, now or scheduled', staff: false },
  { to: '/admin/settings', label: 'Settings', hint: 'Pickup point and the labels’ sender address', staff: false },
  { to: '/admin/account', label: 'My Account', hint: 'Change your password', staff: true },
] as const;

/** The sections an admin of this role sees (none until the role is known). */
export const sectionsFor = (role: AdminRole | undefined) =>
  role === undefined ? [] : adminSections.filter((section) => role === 'owner' || section.staff);
