// The session's projector page: the join code and QR code (while joining is open), the
// running set's countdown computed from the server's clock, and who has raised a hand
// (names and times only).
// The page never scrolls: the hands that do not fit are counted ("+ 12 more"). With
// "show the set's cards" (C), a running MAT Simultaneous set's cards are shown large,
// for a class that takes the cards from its own decks.
"use strict";
(function (P) {
  const page = document.getElementById("projector");
  if (!page) { return; }
  const digits = document.getElementById("digits");
  const label = document.getElementById("round-label");
  const hands = document.getElementById("hands");
  const handCount = document.getElementById("hand-count");
  const playerCount = document.getElementById("player-count");
  const cardsList = document.getElementById("set-cards");
  const showCards = document.getElementById("show-cards");
  const turnWord = hands.dataset.successive === "1" ? "Turn" : "Set";
  const remembered = `printables-projector-cards-${page.dataset.state}`;
  let state = null;
  let shownCards = "";

  async function poll() {
    try { state = await P.clock.sync(page.dataset.state); render(); } catch (error) { /* retry */ }
  }

  function render() {
    if (!state) { return; }
    label.textContent = state.round
      ? `${turnWord} ${state.round.number + 1} of ${state.rounds}` : "Waiting to start";
    handCount.textContent = state.hands.length;
    playerCount.textContent = state.players;
    renderCards();
    // Joining closed: the join code and QR code give way to the time and the hands.
    page.classList.toggle("closed", state.joining === false);
    hands.replaceChildren(...state.hands.map((h) => {
      const item = document.createElement("li");
      const who = document.createElement("span");
      who.className = "who";
      who.textContent = h.nickname;
      const time = document.createElement("span");
      time.className = "at";
      time.textContent = P.formatSeconds(h.seconds);
      item.append(who, " ", time);
      item.title = h.nickname;
      return item;
    }));
    fit();
    tick();
  }

  // Hide the hands that fall outside the list's box, and count them in the last line.
  function fit() {
    const items = Array.from(hands.children);
    if (!items.length) { return; }
    const box = hands.getBoundingClientRect();
    const outside = (item) => {
      const r = item.getBoundingClientRect();
      return r.right > box.right + 1 || r.bottom > box.bottom + 1;
    };
    let hidden = items.filter(outside).length;
    if (!hidden) { return; }
    const more = document.createElement("li");
    more.className = "more";
    hands.append(more);
    let shown = items.length - hidden;
    do {
      items.forEach((item, k) => { item.hidden = k >= shown; });
      more.textContent = `+ ${items.length - shown} more`;
      shown -= 1;
    } while (shown >= 0 && outside(more));
  }

  function renderCards() {
    const wanted = showCards && showCards.checked && state.cards && state.cards.length;
    page.classList.toggle("with-cards", Boolean(wanted));
    cardsList.hidden = !wanted;
    const key = wanted ? state.cards.map((c) => c.name).join(" ") : "";
    if (key === shownCards) { return; }
    shownCards = key;
    cardsList.style.setProperty("--cols", state.cols || 3);
    cardsList.replaceChildren(...(wanted ? state.cards : []).map((card) => {
      const item = document.createElement("li");
      const img = document.createElement("img");
      img.src = card.image;
      img.alt = card.spoken;
      const name = document.createElement("span");
      name.textContent = card.name;
      item.append(img, name);
      return item;
    }));
  }

  function tick() {
    if (!state) { return; }
    if (!state.round) { digits.textContent = P.formatSeconds(state.limit); return; }
    const left = state.round.running ? state.round.ends_at - P.clock.now() : 0;
    digits.textContent = P.formatSeconds(Math.max(0, Math.ceil(left)));
    digits.classList.toggle("up", left <= 0);
  }

  if (showCards) {
    showCards.checked = window.localStorage.getItem(remembered) === "1";
    showCards.addEventListener("change", () => {
      window.localStorage.setItem(remembered, showCards.checked ? "1" : "0");
      render();
    });
  }
  document.addEventListener("keydown", (event) => {
    if (event.target && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) { return; }
    if (event.key === "f" || event.key === "F") {
      if (document.fullscreenElement) { document.exitFullscreen(); }
      else { document.documentElement.requestFullscreen().catch(() => {}); }
    }
    if ((event.key === "c" || event.key === "C") && showCards) {
      showCards.checked = !showCards.checked;
      showCards.dispatchEvent(new Event("change"));
    }
  });
  window.addEventListener("resize", render);
  if ("wakeLock" in navigator) {
    const keepAwake = () => navigator.wakeLock.request("screen").catch(() => {});
    keepAwake();
    document.addEventListener("visibilitychange", () => { if (!document.hidden) { keepAwake(); } });
  }
  fit();  // the hands as the page came, before the first poll answers
  poll();
  setInterval(poll, 2000);
  setInterval(tick, 250);
})(window.Printables);
