// A tournament table's round (snapshot.round): a hand past its limit, or after it closed, is refused here as the
// server refuses it; its "hand N of M" line counts the hands kept on this phone too.
import { num, say } from "./words.js";

export function roundRefuses(snapshot, waiting) {
  const round = snapshot && snapshot.round;
  if (!round) return "";
  if (round.closed) return say("roundClosed");
  return round.hands && snapshot.hand_count + waiting >= round.hands ? say("roundFull", { hands: round.hands }) : "";
}
export function roundLine(snapshot, waiting) {
  const round = snapshot && snapshot.round, line = document.querySelector(".round-limit strong");
  if (!round || !round.hands || !line) return;
  const played = snapshot.hand_count + waiting;
  line.textContent = played >= round.hands ? say("handsDone")
    : say("handOf", { number: num(played + 1), hands: num(round.hands) });
}
