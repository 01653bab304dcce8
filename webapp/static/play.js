// A student's page: the clock of the running set from the server's time; the page
// reloads when the teacher starts the next set, records a hand for this player or
// reveals the results. What the student types is kept in sessionStorage, so neither a
// reload nor a lost connection loses it.
"use strict";
(function (P) {
  const page = document.getElementById("play");
  if (!page) { return; }
  const clock = document.getElementById("clock");
  const answer = document.getElementById("answer");
  const form = document.getElementById("hand-form");
  const shown = { round: page.dataset.round, revealed: page.dataset.revealed, hand: page.dataset.hand };
  const draftKey = `printables-draft-${page.dataset.key}-${shown.round}`;
  let endsAt = parseFloat(page.dataset.ends) || null;
  P.clock.seed(parseFloat(page.dataset.now));

  if (answer) {
    const saved = window.sessionStorage.getItem(draftKey);
    if (saved && !answer.value) { answer.value = saved; }
    answer.addEventListener("input", () => window.sessionStorage.setItem(draftKey, answer.value));
  }
  if (form) {
    form.addEventListener("submit", () => window.sessionStorage.setItem(draftKey, answer.value));
  }

  async function poll() {
    try {
      const state = await P.clock.sync(page.dataset.state);
      const round = state.round ? String(state.round.number) : "";
      const revealed = state.revealed ? "1" : "0";
      const hand = state.hand === null ? "" : String(state.hand);
      if (round !== shown.round || revealed !== shown.revealed || hand !== shown.hand) {
        if (answer) { window.sessionStorage.setItem(draftKey, answer.value); }
        window.location.replace(page.dataset.self);  // this page's own GET address, never a form's
        return;
      }
      endsAt = state.round && state.round.running ? state.round.ends_at : null;
      tick();
    } catch (error) {
      if (error.status === 403) { removed(error.body || {}); }
      // otherwise offline for a moment: the next poll tries again
    }
  }

  // The teacher removed this player (or freed the seat): say so, stop the clock, and
  // keep the answer on screen; Done would not record it.
  function removed(body) {
    endsAt = null;
    if (clock) { clock.textContent = "Not in the session"; }
    let box = document.getElementById("removed");
    if (!box) {
      box = document.createElement("div");
      box.id = "removed";
      box.className = "problems";
      box.setAttribute("role", "alert");
      const text = document.createElement("p");
      text.textContent = `${body.problem || "You are no longer in this session."} `;
      const link = document.createElement("a");
      link.href = body.join || "/join";
      link.textContent = "Join again";
      text.append(link);
      box.append(text);
      page.prepend(box);
    }
    if (form) { form.querySelectorAll("button").forEach((b) => { b.disabled = true; }); }
  }

  function tick() {
    if (!clock || document.getElementById("removed")) { return; }
    const left = endsAt === null ? 0 : endsAt - P.clock.now();
    clock.textContent = left > 0 ? `${P.formatSeconds(Math.ceil(left))} left` : "Time is up";
    if (form) {  // the server decides in the end; this only mirrors its clock
      form.querySelectorAll("button").forEach((b) => { b.disabled = left <= 0; });
    }
  }

  poll();
  setInterval(poll, 2000);
  setInterval(tick, 250);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { poll(); } });
})(window.Printables);
