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

  // Thirty players make a long table: show every player, those whose hand needs a
  // verdict, or hands up; order by seat or by hand-up time. The choice is kept for
  // this tab and applied again after each refresh of the table.
  const tools = document.getElementById("table-tools");
  const remembered = `printables-console-${round.dataset.table}`;
  function choice() {
    const picked = tools.querySelector('input[name="show"]:checked');
    return { show: picked ? picked.value : "all", order: document.getElementById("order").value };
  }
  function rowsOf() { return Array.from(holder.querySelectorAll("tbody tr")); }
  function arrange() {
    if (!tools) { return; }
    const { show, order } = choice();
    const rows = rowsOf();
    const body = holder.querySelector("tbody");
    const key = (row) => (order === "time" ? parseInt(row.dataset.order, 10) : 0)
      * 1000 + parseInt(row.dataset.seat, 10);
    rows.sort((a, b) => key(a) - key(b)).forEach((row) => {
      row.hidden = show === "unchecked" ? row.dataset.status !== "unchecked"
        : show === "hand" ? row.dataset.status === "none" : false;
      if (body) { body.append(row); }
    });
    const count = document.getElementById("unchecked-count");
    if (count) { count.textContent = rows.filter((r) => r.dataset.status === "unchecked").length; }
    window.sessionStorage.setItem(remembered, JSON.stringify(choice()));
  }
  if (tools) {
    tools.hidden = false;
    try {
      const saved = JSON.parse(window.sessionStorage.getItem(remembered) || "{}");
      const radio = tools.querySelector(`input[name="show"][value="${saved.show}"]`);
      if (radio) { radio.checked = true; }
      if (saved.order) { document.getElementById("order").value = saved.order; }
    } catch (error) { /* a choice from an older page: ignore it */ }
    tools.addEventListener("change", arrange);
    arrange();
    new MutationObserver(arrange).observe(holder, { childList: true });
  }

  // The keyboard: Alt+Down / Alt+Up to the next or previous player's answer box (even
  // while typing in one); N, outside a text box, to the next hand needing a verdict.
  function focusRow(row) {
    const box = row && row.querySelector("textarea, select");
    if (box) { box.focus(); row.scrollIntoView({ block: "center" }); }
  }
  document.addEventListener("keydown", (event) => {
    const visible = rowsOf().filter((row) => !row.hidden);
    const here = document.activeElement ? document.activeElement.closest("tr") : null;
    const at = visible.indexOf(here);
    if (event.altKey && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      focusRow(visible[at < 0 ? 0 : Math.min(visible.length - 1, Math.max(0, at + step))]);
      return;
    }
    const typing = document.activeElement && /^(TEXTAREA|INPUT|SELECT)$/.test(document.activeElement.tagName);
    if ((event.key === "n" || event.key === "N") && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const waiting = visible.filter((row) => row.dataset.status === "unchecked");
      const next = waiting.find((row) => visible.indexOf(row) > at) || waiting[0];
      if (next) { event.preventDefault(); focusRow(next); }
    }
  });

  poll();
  setInterval(poll, 2000);
  setInterval(tick, 250);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { poll(); } });
})(window.Printables);
