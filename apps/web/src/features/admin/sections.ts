/** The back office's sections, in the order of the admin nav and the dashboard menu (spec 001 §2). */
export const adminSections = [
  { to: '/admin/menu', label: 'Dashboard', hint: 'Revenue, sell-through and the fulfilment queue' },
  { to: '/admin/products', label: 'Products', hint: 'Sets, prizes, reloads and availability' },
  { to: '/admin/orders', label: 'Orders', hint: 'Every order, lottery and payment state' },
  { to: '/admin/selfcollect', label: 'Self Collections', hint: 'Booked pick-ups and their status' },
  { to: '/admin/shipments', label: 'Shipments', hint: 'Parcels to send and export labels' },
  { to: '/admin/inventory-lookup', label: 'Inventory Lookup', hint: "Any user's inventory" },
] as const;
