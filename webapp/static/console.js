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
  P.clock.seed(parseFloat(round.dataset.now));
  const shown = round.dataset.roundState;  // "number/running" as the page was drawn

  function dirty() {
    // Text typed or a verdict chosen but not saved, or text the server sent back with a
    // problem (data-typed): a reload or a refresh would lose it.
    if (holder.querySelector("[data-typed]")) { return true; }
    return Array.from(holder.querySelectorAll("textarea, select")).some((field) =>
      field.tagName === "TEXTAREA" ? field.value !== field.defaultValue
        : Array.from(field.options).some((o) => o.selected !== o.defaultSelected));
  }

  function busy() {
    // Also while the proctor is in an answer box or a verdict list: leave the table be.
    const active = document.activeElement;
    return (active && holder.contains(active) && active.tagName !== "BUTTON") || dirty();
  }

  async function refreshTable(force, fromPid) {
    if (!force && busy()) { return; }
    const response = await fetch(round.dataset.table, { cache: "no-store", credentials: "same-origin" });
    if (!response.ok || (!force && busy())) { return; }
    // Keep the keyboard where it was: the same button, or, once its hand is recorded
    // and the button gone, that player's answer box.
    const active = document.activeElement;
    const focusId = active && holder.contains(active) ? active.id : "";
    const pid = fromPid || (active && active.dataset ? active.dataset.pid : "");
    holder.innerHTML = await response.text();
    const again = (focusId && document.getElementById(focusId))
      || (pid && document.getElementById(`answer-${pid}`));
    if (again) { again.focus(); }
  }

  async function poll() {
    try {
      const state = await P.clock.sync(round.dataset.state);
      const now = state.round ? `${state.round.number}/${state.round.running}` : "none";
      if (now !== shown) {
        // A set started, ended or ran out: the buttons above the table change. Wait
        // while something typed is not saved, so nothing is lost.
        if (!dirty()) { window.location.replace(round.dataset.self); }  // never a form's address
        return;
      }
      endsAt = state.round && state.round.running ? state.round.ends_at : null;
      await refreshTable(false);
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

  // A form that deletes something asks first (data-confirm holds the question).
  document.addEventListener("submit", (event) => {
    const question = event.target.dataset ? event.target.dataset.confirm : "";
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  holder.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.hasAttribute("data-async")) { return; }
    event.preventDefault();
    const button = form.querySelector("button");
    const pid = button ? button.dataset.pid : "";  // disabling the button drops its focus
    if (button) { button.disabled = true; }
    const response = await fetch(form.action, {
      method: "POST", body: new FormData(form), credentials: "same-origin",
      headers: { "X-Requested-With": "fetch", "X-CSRFToken": P.csrfToken() },
    });
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      window.alert(body.problem || `The server said ${response.status}.`);
    }
    await refreshTable(true, pid);
  });

  poll();
  setInterval(poll, 2000);
  setInterval(tick, 250);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { poll(); } });
})(window.Printables);
