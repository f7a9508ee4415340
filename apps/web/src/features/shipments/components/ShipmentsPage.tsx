import { useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { SelfCollection } from '@kujiya/shared';
import { formatSgDateTime } from '@kujiya/shared';
import { useSession } from '../../../lib/session';
import { usePendingShipmentVerification } from '../../../lib/pending-shipment';
import { useUserShipments } from '../api/getUserShipments';
import { useUserCollections } from '../api/getUserCollections';
import { ShipmentCard } from './ShipmentCard';
import { CollectionCard } from './CollectionCard';
import './shipments.css';

type Tab = 'shipments' | 'collections';

/** Navigation state 'collections' (or { tab: 'collections' }) opens the Self-Collections tab. */
function initialTab(state: unknown): Tab {
  if (state === 'collections') return 'collections';
  if (state && typeof state === 'object' && (state as { tab?: unknown }).tab === 'collections') return 'collections';
  return 'shipments';
}

/** Navigation state { collectionBooked } after a self-collection was booked from the inventory. */
function bookedCollection(state: unknown): SelfCollection | null {
  const value =
    state && typeof state === 'object' ? (state as { collectionBooked?: SelfCollection }).collectionBooked : undefined;
  return value && typeof value.collectionId === 'string' ? value : null;
}

function cameWithSuccess(state: unknown): boolean {
  return Boolean(state && typeof state === 'object' && (state as { shipmentSuccess?: unknown }).shipmentSuccess);
}

/** /shipments: the shopper's shipments and self-collections in two tabs. */
export function ShipmentsPage() {
  const location = useLocation();
  const { username } = useSession();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>(() => initialTab(location.state));
  const shipments = useUserShipments(username);
  const collections = useUserCollections();
  const verified = usePendingShipmentVerification(
    () => void queryClient.invalidateQueries({ queryKey: ['shipments'] }),
  );
  const success = cameWithSuccess(location.state) || verified;
  const booked = bookedCollection(location.state);

  return (
    <main className="page shipments-page">
      <h1 className="shipments-title">Shipments</h1>
      {success && (
        <p className="success-banner" role="status">
          Payment successful! Your shipment has been arranged.
        </p>
      )}
      {booked && (
        <p className="success-banner" role="status">
          Self-collection scheduled successfully! Collect {booked.collectionId} on{' '}
          {formatSgDateTime(booked.collectionDate)} at the pickup point shown below.
        </p>
      )}
      <div className="tabs" role="tablist" aria-label="Shipments and self-collections">
        <button
          type="button"
          role="tab"
          id="tab-shipments"
          aria-controls="panel-shipments"
          aria-selected={tab === 'shipments'}
          className="tab"
          onClick={() => setTab('shipments')}
        >
          Shipments
        </button>
        <button
          type="button"
          role="tab"
          id="tab-collections"
          aria-controls="panel-collections"
          aria-selected={tab === 'collections'}
          className="tab"
          onClick={() => setTab('collections')}
        >
          Self-Collections
        </button>
      </div>

      {tab === 'shipments' ? (
        <section id="panel-shipments" role="tabpanel" aria-labelledby="tab-shipments">
          {shipments.isPending && <div className="spinner" role="status" aria-label="Loading shipments" />}
          {shipments.isSuccess && shipments.data.shipments.length === 0 && (
            <p className="empty-text">You have no shipments yet.</p>
          )}
          <ul className="shipment-list">
            {shipments.data?.shipments.map((shipment) => (
              <ShipmentCard key={shipment._id} shipment={shipment} />
            ))}
          </ul>
        </section>
      ) : (
        <section id="panel-collections" role="tabpanel" aria-labelledby="tab-collections">
          {collections.isPending && <div className="spinner" role="status" aria-label="Loading self-collections" />}
          {collections.isSuccess && collections.data.collections.length === 0 && (
            <p className="empty-text">You have no self-collections yet.</p>
          )}
          <ul className="shipment-list">
            {collections.data?.collections.map((collection) => (
              <CollectionCard key={collection._id} collection={collection} />
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
