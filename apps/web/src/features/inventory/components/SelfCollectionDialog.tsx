import { useMemo, useState } from 'react';
import {
  COLLECTION_SLOT_MESSAGE,
  type CreateCollectionResponse,
  type SelectedItem,
  formatSgWeekdayDate,
} from '@kujiya/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { PickupPointDetails } from '../../../components/PickupPointDetails';
import { serverMessageOf } from '../../../lib/api-client';
import { useCreateSelfCollection } from '../api/createSelfCollection';
import { useCollectionSlots } from '../api/getCollectionSlots';
import { calendarDays, slotsOn } from '../lib/collection-picker';
import { selectionPayload } from '../lib/address-form';
import { SelectedItemList } from './SelectedItemList';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

interface SelfCollectionDialogProps {
  open: boolean;
  selection: readonly SelectedItem[];
  now: Date;
  onClose: () => void;
  onBooked: (booked: CreateCollectionResponse) => void;
}

/** The self-collection modal: a Wednesday or Friday within 14 days, a time slot, the items, Confirm Collection. */
export function SelfCollectionDialog({ open, selection, now, onClose, onBooked }: SelfCollectionDialogProps) {
  const slots = useCollectionSlots(open);
  const create = useCreateSelfCollection();
  const [date, setDate] = useState<string | null>(null);
  const [slotTime, setSlotTime] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const days = useMemo(() => calendarDays(now, slots.data?.slots), [now, slots.data]);
  const daySlots = slotsOn(date, slots.data?.slots);

  function confirm() {
    if (!date || !slotTime) {
      setError(COLLECTION_SLOT_MESSAGE);
      return;
    }
    setError(null);
    create.mutate(
      { items: selectionPayload(selection), collectionDate: slotTime },
      {
        onSuccess: onBooked,
        onError: (failure) => {
          setError(serverMessageOf(failure) ?? 'Failed to schedule self-collection');
          void slots.refetch();
        },
      },
    );
  }

  return (
    <Dialog open={open} onClose={onClose} title="Confirm Self-Collect" className="self-collect">
      <p className="self-collect__hint">
        Collection is on Wednesdays (2 PM to 6 PM) and Fridays (6 PM to 9 PM), Singapore time.
      </p>
      <PickupPointDetails heading="Collect at" />
      <fieldset className="date-picker">
        <legend>Choose a date</legend>
        <div className="date-picker__grid" role="group" aria-label="Collection date">
          {WEEKDAYS.map((name) => (
            <span key={name} className="date-picker__weekday" aria-hidden="true">
              {name}
            </span>
          ))}
          {days.map((day, index) =>
            day ? (
              <button
                key={day.date}
                type="button"
                className={day.date === date ? 'date-picker__day date-picker__day--chosen' : 'date-picker__day'}
                data-date={day.date}
                disabled={!day.selectable}
                aria-pressed={day.date === date}
                aria-label={formatSgWeekdayDate(`${day.date}T12:00:00+08:00`)}
                onClick={() => {
                  setDate(day.date);
                  setSlotTime(null);
                  setError(null);
                }}
              >
                {day.dayOfMonth}
              </button>
            ) : (
              <span key={`pad-${index}`} />
            ),
          )}
        </div>
      </fieldset>

      <fieldset className="slot-picker">
        <legend>Choose a time</legend>
        {slots.isPending && <div className="spinner" role="status" aria-label="Loading time slots" />}
        {!date && !slots.isPending && <p className="slot-picker__empty">Pick a date first.</p>}
        <div className="slot-picker__slots">
          {daySlots.map((slot) => (
            <button
              key={slot.collectionDate}
              type="button"
              className={slot.collectionDate === slotTime ? 'slot-chip slot-chip--chosen' : 'slot-chip'}
              disabled={slot.full}
              aria-pressed={slot.collectionDate === slotTime}
              onClick={() => {
                setSlotTime(slot.collectionDate);
                setError(null);
              }}
            >
              {slot.time}
              {slot.full && <span className="slot-chip__full"> (Full)</span>}
            </button>
          ))}
        </div>
      </fieldset>

      <h3 className="self-collect__items-title">Items</h3>
      <SelectedItemList selection={selection} />
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn--primary" disabled={create.isPending} onClick={confirm}>
          {create.isPending ? 'Please wait…' : 'Confirm Collection'}
        </button>
      </div>
    </Dialog>
  );
}
