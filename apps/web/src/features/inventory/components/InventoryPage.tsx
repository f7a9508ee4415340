import { useEffect, useMemo, useState } from 'react';
import { TRADE_ALERTS, type WantedPrizeRequest } from '@kujiya/shared';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { startShippingPayment } from '../../../lib/shipping-payment';
import { useAbandonItems } from '../api/abandonItems';
import { useCreateTrade } from '../api/createTrade';
import { useInventory } from '../api/getInventory';
import { useOrderCollectableItems } from '../api/getOrderCollectableItems';
import { useInventorySelection } from '../hooks/useInventorySelection';
import { inventoryGroups, prizeTypeCounts } from '../lib/inventory-view';
import type { InventoryStatusFilter } from '../lib/model';
import { actionLabels, totalSelected, withDisplayNames } from '../lib/selection';
import { ActionInfoDialog } from './ActionInfoDialog';
import { ArrangeShipmentDialog } from './ArrangeShipmentDialog';
import { ConfirmAbandonDialog } from './ConfirmAbandonDialog';
import { InventoryToolbar } from './InventoryToolbar';
import { PrizeSelectionModal } from './PrizeSelectionModal';
import { SelfCollectionDialog } from './SelfCollectionDialog';
import { SetGroup } from './SetGroup';
import { ShippingExpiredDialog } from './ShippingExpiredDialog';
import './inventory.css';

type OpenDialog = 'info' | 'ship' | 'collect' | 'abandon' | 'wanted' | null;

/** Navigation state { selfCollectOrder: orderId } from an order's details. */
function selfCollectOrderOf(state: unknown): string | null {
  const value =
    state && typeof state === 'object' ? (state as { selfCollectOrder?: unknown }).selfCollectOrder : undefined;
  return typeof value === 'string' && value ? value : null;
}

/**
 * /inventory: the shopper's won items by set. Choosing an action (Ship, Self-Collect, Trade, Abandon)
 * clears the selection and shows quantity controls; the floating button confirms the chosen units.
 */
export function InventoryPage() {
  const { username } = useSession();
  const navigate = useNavigate();
  const inventory = useInventory(username);
  const abandon = useAbandonItems();
  const createTrade = useCreateTrade();
  const [tradeError, setTradeError] = useState<string | null>(null);
  const location = useLocation();
  const orderCollectable = useOrderCollectableItems();
  const { action, selection, chooseAction, setQuantity, clear, startWith } = useInventorySelection();
  const [notice, setNotice] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<InventoryStatusFilter>('All');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [expiredMessage, setExpiredMessage] = useState<string | null>(null);
  const [abandonError, setAbandonError] = useState<string | null>(null);
  const [now] = useState(() => new Date());

  // Arriving from an order's Self-Collect: that order's collectable units open in the self-collection modal.
  const collectOrderId = selfCollectOrderOf(location.state);
  const { mutate: loadOrderItems } = orderCollectable;
  useEffect(() => {
    if (!collectOrderId) return;
    navigate(location.pathname, { replace: true, state: null });
    loadOrderItems(collectOrderId, {
      onSuccess: ({ items }) => {
        if (items.length === 0) {
          setNotice('Nothing from this order is left to collect.');
          return;
        }
        startWith('selfCollect', items);
        setDialog('collect');
      },
      onError: (error) => setNotice(serverMessageOf(error) ?? 'This order cannot be collected.'),
    });
  }, [collectOrderId, loadOrderItems, navigate, location.pathname, startWith]);

  const groups = useMemo(
    () => (inventory.data ? inventoryGroups(inventory.data, query, status) : []),
    [inventory.data, query, status],
  );
  const shownSelection = useMemo(() => withDisplayNames(selection, inventory.data), [selection, inventory.data]);
  const counts = useMemo(() => prizeTypeCounts(inventory.data ?? {}, selection), [inventory.data, selection]);
  const selectedCount = totalSelected(selection);
  const canConfirm = action !== null && selectedCount > 0;

  function confirmSelection() {
    if (action === 'ship') setDialog('ship');
    else if (action === 'selfCollect') setDialog('collect');
    else if (action === 'trade') {
      setTradeError(null);
      setDialog('wanted');
    } else if (action === 'abandon') {
      setAbandonError(null);
      setDialog('abandon');
    }
  }

  function abandonSelection() {
    abandon.mutate(
      {
        items: selection.map(({ inventoryId, batchId, quantity, prizeName, setName }) => ({
          inventoryId,
          batchId,
          quantity,
          prizeName,
          setName,
        })),
      },
      {
        onSuccess: () => {
          setDialog(null);
          clear();
        },
        onError: (error) => setAbandonError(serverMessageOf(error) ?? 'Failed to abandon items. Please try again.'),
      },
    );
  }

  /** Offers the selected units for the wanted prizes, then shows the shopper's trades. */
  function createTradeFor(wanted: WantedPrizeRequest[]) {
    if (!username) return;
    createTrade.mutate(
      {
        prizesOffered: selection.map(({ inventoryId, batchId, quantity, prizeName, setName, productId }) => ({
          inventoryId,
          batchId,
          quantity,
          prizeName,
          setName,
          productId,
        })),
        prizesWanted: wanted,
        username,
      },
      {
        onSuccess: () => {
          clear();
          navigate('/manage-trades');
        },
        onError: (error) =>
          setTradeError(
            error instanceof ApiError
              ? [TRADE_ALERTS.createFailed, serverMessageOf(error)].filter(Boolean).join(' ')
              : TRADE_ALERTS.createError,
          ),
      },
    );
  }

  return (
    <main className="page inventory-page">
      <h1 className="inventory-title">Manage Inventory</h1>
      <InventoryToolbar
        action={action}
        onAction={(next) => {
          chooseAction(next);
          setDialog(next === 'ship' || next === 'trade' ? 'info' : null);
        }}
        query={query}
        onQuery={setQuery}
        status={status}
        onStatus={setStatus}
      />

      {notice && (
        <p className="error-text" role="alert">
          {notice}
        </p>
      )}
      {inventory.isPending && <div className="spinner" role="status" aria-label="Loading inventory" />}
      {inventory.isError && (
        <p className="error-text" role="alert">
          Your inventory could not be loaded. Please try again.
        </p>
      )}
      {inventory.isSuccess && groups.length === 0 && <p className="empty-text">No inventory items found.</p>}
      {groups.map((group) => (
        <SetGroup
          key={group.setName}
          group={group}
          action={action}
          selection={selection}
          now={now}
          onQuantity={setQuantity}
        />
      ))}

      {canConfirm && (
        <div className="floating-confirm">
          <button type="button" className="btn btn--primary btn--block" onClick={confirmSelection}>
            Confirm {actionLabels[action].confirmWord} Items ({selectedCount})
          </button>
        </div>
      )}

      <ActionInfoDialog
        kind={dialog === 'info' && (action === 'ship' || action === 'trade') ? action : null}
        onClose={() => setDialog(null)}
      />
      {dialog === 'ship' && (
        <ArrangeShipmentDialog
          open
          selection={shownSelection}
          bigPrizes={counts.big}
          smallPrizes={counts.small}
          onClose={() => setDialog(null)}
          onCreated={(intent) => {
            startShippingPayment(intent);
            navigate('/shipping-payment');
          }}
          onExpired={(message) => {
            setDialog(null);
            setExpiredMessage(message);
          }}
        />
      )}
      <ShippingExpiredDialog message={expiredMessage} onClose={() => setExpiredMessage(null)} />
      {dialog === 'collect' && (
        <SelfCollectionDialog
          open
          selection={shownSelection}
          now={now}
          onClose={() => setDialog(null)}
          onBooked={({ collection }) =>
            navigate('/shipments', { state: { tab: 'collections', collectionBooked: collection } })
          }
        />
      )}
      {dialog === 'wanted' && (
        <PrizeSelectionModal
          open
          busy={createTrade.isPending}
          error={tradeError}
          onCancel={() => setDialog(null)}
          onConfirm={createTradeFor}
        />
      )}
      <ConfirmAbandonDialog
        open={dialog === 'abandon'}
        selection={shownSelection}
        busy={abandon.isPending}
        error={abandonError}
        onCancel={() => setDialog(null)}
        onConfirm={abandonSelection}
      />
    </main>
  );
}
