// The session's projector page: the join code and QR code, the running set's countdown
// computed from the server's clock, and who has raised a hand (names and times only).
"use strict";
(function (P) {
  const page = document.getElementById("projector");
  if (!page) { return; }
  const digits = document.getElementById("digits");
  const label = document.getElementById("round-label");
  const hands = document.getElementById("hands");
  const handCount = document.getElementById("hand-count");
  const playerCount = document.getElementById("player-count");
  const turnWord = hands.dataset.successive === "1" ? "Turn" : "Set";
  let state = null;

  async function poll() {
    try { state = await P.clock.sync(page.dataset.state); render(); } catch (error) { /* retry */ }
  }

  function render() {
    if (!state) { return; }
    label.textContent = state.round
      ? `${turnWord} ${state.round.number + 1} of ${state.rounds}` : "Waiting to start";
    handCount.textContent = state.hands.length;
    playerCount.textContent = state.players;
    hands.replaceChildren(...state.hands.map((h) => {
      const item = document.createElement("li");
      const time = document.createElement("span");
      time.textContent = P.formatSeconds(h.seconds);
      item.append(`${h.nickname} `, time);
      return item;
    }));
    tick();
  }

  function tick() {
    if (!state) { return; }
    if (!state.round) { digits.textContent = P.formatSeconds(state.limit); return; }
    const left = state.round.running ? state.round.ends_at - P.clock.now() : 0;
    digits.textContent = P.formatSeconds(Math.max(0, Math.ceil(left)));
    digits.classList.toggle("up", left <= 0);
  }

  document.addEventListener("keydown", (event) => {
    if (event.key === "f" || event.key === "F") {
      if (document.fullscreenElement) { document.exitFullscreen(); }
      else { document.documentElement.requestFullscreen().catch(() => {}); }
    }
  });
  if ("wakeLock" in navigator) {
    const keepAwake = () => navigator.wakeLock.request("screen").catch(() => {});
    keepAwake();
    document.addEventListener("visibilitychange", () => { if (!document.hidden) { keepAwake(); } });
  }
  poll();
  setInterval(poll, 2000);
  setInterval(tick, 250);
})(window.Printables);
