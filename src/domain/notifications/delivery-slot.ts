/**
 * When a notification that waits (a private message's 20 s, decision 024) is delivered: at the
 * first mark of LATER_DELIVERY_SLOT_SECONDS at or after its time, so that one run of the delivery
 * job delivers every notification that fell due within the slot, instead of one run for each
 * burst of writes (issue 33: at 300 messages a second, ten runs a second cost PostgreSQL about
 * 0.5 ms per message). A notification waits at most this much longer than its time.
 */
export const LATER_DELIVERY_SLOT_SECONDS = 5;

export function laterDeliverySlot(at: Date, slotSeconds = LATER_DELIVERY_SLOT_SECONDS): Date {
  const slotMs = slotSeconds * 1000;
  return new Date(Math.ceil(at.getTime() / slotMs) * slotMs);
}
