// The proctor's console: the round's clock from the server's time, the round table
// refreshed every two seconds (unless the proctor is typing in it), and "Hand up"
// buttons sent with fetch so the page does not jump while hands go up fast.
"use strict";
(function (P) {
  const round = document.getElementById("round");
  const clock = document.getElementById("clock");
  const holder = document.getElementById("round-table");
  if (!round || !holder) { return; }
  let endsAt = parseFloat(clock && clock.dataset.ends) || null;
  let roundNumber = null;

  function busy() {
    // Typing in an answer or holding a verdict choice: do not replace the table.
    const active = document.activeElement;
    if (active && holder.contains(active) && active.tagName !== "BUTTON") { return true; }
    return Array.from(holder.querySelectorAll("textarea, select")).some((field) =>
      field.tagName === "TEXTAREA" ? field.value !== field.defaultValue
        : Array.from(field.options).some((o) => o.selected !== o.defaultSelected));
  }

  async function refreshTable() {
    if (busy()) { return; }
    const response = await fetch(round.dataset.table, { cache: "no-store", credentials: "same-origin" });
    if (response.ok && !busy()) { holder.innerHTML = await response.text(); }
  }

  async function poll() {
    try {
      const state = await P.clock.sync(round.dataset.state);
      const number = state.round ? state.round.number : null;
      if (roundNumber !== null && number !== roundNumber) { window.location.reload(); return; }
      roundNumber = number;
      endsAt = state.round && state.round.running ? state.round.ends_at : null;
      await refreshTable();
    } catch (error) { /* the next poll tries again */ }
  }

  function tick() {
    if (!clock) { return; }
    if (endsAt === null) {
      if (clock.dataset.started) { clock.textContent = "Time is up"; }
      return;
    }
    const left = endsAt - P.clock.now();
    clock.textContent = left > 0 ? `${P.formatSeconds(Math.ceil(left))} left` : "Time is up";
  }

  holder.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.hasAttribute("data-async")) { return; }
    event.preventDefault();
    const button = form.querySelector("button");
    if (button) { button.disabled = true; }
    const response = await fetch(form.action, {
      method: "POST", body: new FormData(form), credentials: "same-origin",
      headers: { "X-Requested-With": "fetch", "X-CSRFToken": P.csrfToken() },
    });
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      window.alert(body.problem || `The server said ${response.status}.`);
    }
    await refreshTable();
  });

  poll();
  setInterval(poll, 2000);
  setInterval(tick, 250);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { poll(); } });
})(window.Printables);
