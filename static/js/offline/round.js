// A tournament table's round (snapshot.round): a hand past its limit, or after it closed, is refused here as the
// server refuses it; its "hand N of M" line counts the hands kept on this phone too.
import { num, say } from "./words.js";

// the round's hands so far, as the server counts them (a penalty is none; a copy kept before it said: every row)
const played = (snapshot) => snapshot.round.played ?? snapshot.hand_count;
export function roundRefuses(snapshot, waiting) {
  const round = snapshot && snapshot.round;
  if (!round) return "";
  if (round.closed) return say("roundClosed");
  return round.hands && played(snapshot) + waiting >= round.hands ? say("roundFull", { hands: round.hands }) : "";
}
export function roundLine(snapshot, waiting) {
  const round = snapshot && snapshot.round, line = document.querySelector(".round-limit strong");
  if (!round || !round.hands || !line) return;
  const done = played(snapshot) + waiting;
  line.textContent = done >= round.hands ? say("handsDone")
    : say("handOf", { number: num(done + 1), hands: num(round.hands) });
}
