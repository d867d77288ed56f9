// @vitest-environment node
// The change feed's round trips (server/db/changes.ts, sharedRoundTrips): a kept copy serves a
// request only after a round trip SENT AFTER the request came, since one already on the wire says
// nothing of what was committed since. Requests share round trips: those of one turn of the event
// loop share the first; those that come while one is on the wire share the next, sent when it is
// back. Driven here by hand, so the order is certain (tests/server/kept-reads.test.ts checks the
// outcome against a real database, where it is up to timing).
import { describe, expect, it } from 'vitest';
import { sharedRoundTrips } from '../../server/db/changes';

/** A round trip the test answers itself: each call is one sent, answered in the order sent. */
function handRoundTrips() {
  const sent: Array<(answer: boolean) => void> = [];
  return {
    sent,
    roundTrip: () => new Promise<boolean>((resolve) => sent.push(resolve)),
    /** Answers the `index`-th round trip sent, then lets the promises that follow from it run. */
    async answer(index: number, value: boolean) {
      sent[index]!(value);
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Whether `promise` has settled yet, and with what. */
function watch(promise: Promise<boolean>) {
  const state: { settled: boolean; value?: boolean } = { settled: false };
  void promise.then((value) => Object.assign(state, { settled: true, value }));
  return state;
}

describe('sharedRoundTrips', () => {
  it('sends one round trip, on the next turn, for the requests of one turn', async () => {
    const hand = handRoundTrips();
    const caughtUp = sharedRoundTrips(hand.roundTrip);
    const requests = [caughtUp(), caughtUp(), caughtUp()].map(watch);
    expect(hand.sent).toHaveLength(0);
    await nextTurn();
    expect(hand.sent).toHaveLength(1);
    await hand.answer(0, true);
    expect(requests.map((request) => request.value)).toEqual([true, true, true]);
  });

  it('does not let a round trip on the wire answer a request that came after it was sent: the request waits for the next, shared by all that came meanwhile', async () => {
    const hand = handRoundTrips();
    const caughtUp = sharedRoundTrips(hand.roundTrip);
    const early = watch(caughtUp());
    await nextTurn();
    expect(hand.sent).toHaveLength(1);
    // Two requests in two later turns, while the first round trip is on the wire.
    const late = watch(caughtUp());
    await nextTurn();
    const later = watch(caughtUp());
    await nextTurn();
    expect(hand.sent).toHaveLength(1);
    // The first round trip answers: only the early request is caught up by it.
    await hand.answer(0, true);
    expect(early).toEqual({ settled: true, value: true });
    expect(late.settled).toBe(false);
    expect(later.settled).toBe(false);
    // The next one was sent once the first was back, for both late requests.
    expect(hand.sent).toHaveLength(2);
    await hand.answer(1, false);
    expect([late.value, later.value]).toEqual([false, false]);
  });

  it('sends the next round trip at once when the one on the wire is back, and none when nobody waits', async () => {
    const hand = handRoundTrips();
    const caughtUp = sharedRoundTrips(hand.roundTrip);
    void caughtUp();
    await nextTurn();
    await hand.answer(0, true);
    await nextTurn();
    expect(hand.sent).toHaveLength(1);
    const again = watch(caughtUp());
    await nextTurn();
    expect(hand.sent).toHaveLength(2);
    await hand.answer(1, true);
    expect(again.value).toBe(true);
  });
});
