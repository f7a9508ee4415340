import type { AdminRole } from '@kujiya/shared';

/** The groups of the admin nav (a sidebar at a desk), in order. */
export const adminSectionGroups = ['Overview', 'Sales', 'Fulfilment', 'Running the shop', 'Team'] as const;
export type AdminSectionGroup = (typeof adminSectionGroups)[number];

/**
 * The back office's sections, in the order of the admin nav and the dashboard menu (docs/rules/back-office.md).
 * `staff`: shown to staff admins too (the server enforces the same split, docs/rules/shop-ops.md).
 */
export const adminSections = [
  {
    to: '/admin/menu',
    label: 'Dashboard',
    hint: 'Revenue, sell-through and the fulfilment queue',
    staff: true,
    group: 'Overview',
  },
  {
    to: '/admin/products',
    label: 'Products',
    hint: 'Sets, prizes, reloads and availability',
    staff: false,
    group: 'Sales',
  },
  { to: '/admin/orders', label: 'Orders', hint: 'Every order, lottery and payment state', staff: true, group: 'Sales' },
  {
    to: '/admin/selfcollect',
    label: 'Self Collections',
    hint: 'Booked pick-ups and their status',
    staff: true,
    group: 'Fulfilment',
  },
  {
    to: '/admin/shipments',
    label: 'Shipments',
    hint: 'Parcels to send and export labels',
    staff: true,
    group: 'Fulfilment',
  },
  {
    to: '/admin/inventory-lookup',
    label: 'Inventory Lookup',
    hint: "Any user's inventory",
    staff: true,
    group: 'Fulfilment',
  },
  {
    to: '/admin/token-packages',
    label: 'Token Packages',
    hint: 'What tokens cost in the shop',
    staff: false,
    group: 'Running the shop',
  },
  {
    to: '/admin/promo-codes',
    label: 'Promo Codes',
    hint: 'Bonus token codes and their uses',
    staff: false,
    group: 'Running the shop',
  },
  {
    to: '/admin/shoppers',
    label: 'Shoppers',
    hint: 'Accounts, tokens, disable and enable',
    staff: false,
    group: 'Running the shop',
  },
  {
    to: '/admin/announcements',
    label: 'Announcements',
    hint: 'Site-wide banners, now or scheduled',
    staff: false,
    group: 'Running the shop',
  },
  {
    to: '/admin/account-deletions',
    label: 'Account Deletions',
    hint: 'Shoppers’ pending deletion requests',
    staff: false,
    group: 'Running the shop',
  },
  {
    to: '/admin/settings',
    label: 'Settings',
    hint: 'Pickup point and the labels’ sender address',
    staff: false,
    group: 'Running the shop',
  },
  { to: '/admin/admins', label: 'Admins', hint: 'Invite owners and staff', staff: false, group: 'Team' },
  {
    to: '/admin/audit-log',
    label: 'Audit Log',
    hint: 'Every admin change: who, what, when',
    staff: false,
    group: 'Team',
  },
  {
    to: '/admin/jobs',
    label: 'Background Jobs',
    hint: 'Failed jobs: their error and a retry',
    staff: false,
    group: 'Team',
  },
  { to: '/admin/account', label: 'My Account', hint: 'Change your password', staff: true, group: 'Team' },
] as const satisfies readonly { to: string; label: string; hint: string; staff: boolean; group: AdminSectionGroup }[];

/** The sections an admin of this role sees (none until the role is known). */
export const sectionsFor = (role: AdminRole | undefined) =>
  role === undefined ? [] : adminSections.filter((section) => role === 'owner' || section.staff);

/** The sections an admin of this role sees, by group (groups with none left out). */
export const groupedSectionsFor = (role: AdminRole | undefined) =>
  adminSectionGroups
    .map((group) => ({ group, sections: sectionsFor(role).filter((section) => section.group === group) }))
    .filter((entry) => entry.sections.length > 0);
