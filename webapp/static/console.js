// The proctor's console: the round's clock from the server's time; the round table
// refreshed every two seconds, row by row, leaving alone only the rows being edited; saves
// and "Hand up" sent with fetch, a refusal said beside its row. Nothing typed is lost and
// nothing stops the rest of the page from updating: a row whose save was refused keeps
// what was typed, and every other row, the clock and the set's state go on.
"use strict";
(function (P) {
  const round = document.getElementById("round");
  const clock = document.getElementById("clock");
  const holder = document.getElementById("round-table");
  const staleNote = document.getElementById("stale-note");
  if (!round || !holder) { return; }
  let endsAt = parseFloat(clock && clock.dataset.ends) || null;
  let started = Boolean(clock && clock.dataset.started);
  P.clock.seed(parseFloat(round.dataset.now));
  const shown = round.dataset.roundState;  // "number/running" as the page was drawn
  const word = round.dataset.word || "set";

  function rowDirty(row) {
    // Text typed or a verdict chosen but not saved, text the server sent back with a
    // problem (data-typed), a refused save (data-refused) or a save under way.
    if (row.hasAttribute("data-refused") || row.hasAttribute("data-pending")) { return true; }
    if (row.querySelector("[data-typed]")) { return true; }
    return Array.from(row.querySelectorAll("textarea, select")).some((field) =>
      field.tagName === "TEXTAREA" ? field.value !== field.defaultValue
        : Array.from(field.options).some((o) => o.selected !== o.defaultSelected));
  }

  function rowsOf() { return Array.from(holder.querySelectorAll("tbody tr")); }
  function anyDirty() { return rowsOf().some(rowDirty); }

  // The table again from the server, merged row by row: a row being edited stays as it
  // is; every other row, the caption and the order are the server's, and so is a row
  // just saved (even if it looks busy) once a table asked after its save arrives.
  //
  // Tables and saves are numbered as they are asked for: a table asked before a save
  // began, or before a table already drawn, is old when it arrives (a poll crossing the
  // save's own refresh) and is dropped, so it never draws a saved row as it was.
  let asked = 0;         // tables and saves asked for so far
  let drawn = 0;         // the number of the last table drawn
  let lastSave = 0;      // the number of the last save begun
  const savedRows = {};  // row id -> the last number asked before its save was answered
  async function refreshTable() {
    const mine = ++asked;
    const response = await fetch(round.dataset.table, { cache: "no-store", credentials: "same-origin" });
    if (!response.ok) { return; }
    const text = await response.text();
    if (mine < lastSave || mine < drawn) { return; }
    drawn = mine;
    const fresh = document.createElement("template");
    fresh.innerHTML = text;
    const oldBody = holder.querySelector("tbody");
    const newBody = fresh.content.querySelector("tbody");
    if (!oldBody || !newBody) {  // the table appears (the first set started) or goes
      if (!anyDirty()) { holder.replaceChildren(fresh.content); }
      return;
    }
    const active = document.activeElement;
    const focusId = active && holder.contains(active) ? active.id : "";
    const focusPid = active && active.dataset ? active.dataset.pid : "";
    const caption = holder.querySelector("caption");
    const newCaption = fresh.content.querySelector("caption");
    if (caption && newCaption) { caption.textContent = newCaption.textContent; }
    const kept = {};
    rowsOf().forEach((row) => { kept[row.id] = row; });
    const order = [];
    Array.from(newBody.children).forEach((row) => {
      const old = kept[row.id];
      // A row only focused (nothing typed yet) is taken fresh: the focus comes back below.
      const saved = row.id in savedRows && mine > savedRows[row.id];
      if (saved) { delete savedRows[row.id]; }
      const keep = old && !saved && rowDirty(old);
      order.push(keep ? old : row);
      delete kept[row.id];
    });
    Object.values(kept).forEach((row) => { if (rowDirty(row)) { order.push(row); } });
    oldBody.replaceChildren(...order);
    // Keep the keyboard where it was: the same control, or, once a hand is recorded and
    // its button gone, that player's answer box.
    const again = (focusId && document.getElementById(focusId))
      || (focusPid && document.getElementById(`answer-${focusPid}`));
    if (again && again !== document.activeElement) { again.focus(); }
    arrange();
  }

  // The set started, ended or ran out since the page was drawn: draw it afresh, unless a
  // row holds unsaved edits; then say so above, keep the edits, and take the buttons of
  // the old state away (the server would refuse them anyway).
  function stateChanged(state) {
    if (!anyDirty()) {
      window.location.replace(round.dataset.self);  // this page's GET address, never a form's
      return;
    }
    const now = state.round
      ? `${word[0].toUpperCase()}${word.slice(1)} ${state.round.number + 1} ${state.round.running ? "is running" : "is over"}`
      : "The session changed";
    staleNote.querySelector("p").textContent = `${now} now. Your unsaved edits below are `
      + "kept: save them, then reload the page for the new buttons.";
    if (!staleNote.querySelector("button")) {
      const reload = document.createElement("button");
      reload.type = "button";
      reload.className = "secondary";
      reload.textContent = "Reload now (unsaved edits are lost)";
      reload.addEventListener("click", () => window.location.replace(round.dataset.self));
      staleNote.append(reload);
    }
    staleNote.className = "problems";
    staleNote.hidden = false;
    document.querySelectorAll("#start-form, #end-form").forEach((form) => { form.hidden = true; });
  }

  async function poll() {
    let state;
    try {
      state = await P.clock.sync(round.dataset.state);
    } catch (error) { return; }  // offline for a moment: the next poll tries again
    // The clock always follows the round that is on, whatever the page shows.
    endsAt = state.round && state.round.running ? state.round.ends_at : null;
    started = started || Boolean(state.round);
    const now = state.round ? `${state.round.number}/${state.round.running}` : "none";
    if (now !== shown) { stateChanged(state); }
    try { await refreshTable(); } catch (error) { /* the next poll tries again */ }
  }

  function tick() {
    if (!clock) { return; }
    if (endsAt === null) {
      if (started) { clock.textContent = "Time is up"; }
      return;
    }
    const left = endsAt - P.clock.now();
    clock.textContent = left > 0 ? `${P.formatSeconds(Math.ceil(left))} left` : "Time is up";
  }

  // A form that deletes or ends something asks first (data-confirm holds the question).
  document.addEventListener("submit", (event) => {
    const question = event.target.dataset ? event.target.dataset.confirm : "";
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  function say(row, text) {
    const line = row && row.querySelector(".row-problem");
    if (!line) { window.alert(text); return; }
    line.textContent = text;
    line.hidden = !text;
  }

  // "Hand up" and Save go by fetch: the page does not jump while hands go up fast, and a
  // refusal is said beside its row, which keeps what was typed.
  holder.addEventListener("submit", async (event) => {
    const form = event.target;
    const hand = form.hasAttribute("data-async");
    const save = form.id.startsWith("judge-");
    if (!hand && !save) { return; }
    event.preventDefault();
    const row = form.closest("tr");
    const button = hand ? form.querySelector("button") : null;
    const pid = row ? row.id.replace("player-", "") : "";
    if (button) { button.disabled = true; }
    if (row) { row.setAttribute("data-pending", ""); }
    lastSave = ++asked;
    let response;
    try {
      response = await fetch(form.action, {
        method: "POST", body: new FormData(form), credentials: "same-origin",
        headers: { "X-Requested-With": "fetch", "X-CSRFToken": P.csrfToken() },
      });
    } catch (error) {
      if (row) { row.removeAttribute("data-pending"); }
      if (button) { button.disabled = false; }
      say(row, "Not saved: the server cannot be reached. Check the connection and save again.");
      if (row) { row.setAttribute("data-refused", ""); }
      return;
    }
    if (row) { row.removeAttribute("data-pending"); }
    if (response.ok) {
      if (row) {
        row.removeAttribute("data-refused");
        row.querySelectorAll("[data-typed]").forEach((field) => field.removeAttribute("data-typed"));
        say(row, "");
      }
      if (row) { savedRows[row.id] = asked; }
      await refreshTable();
      if (hand && pid) {
        const box = document.getElementById(`answer-${pid}`);
        if (box) { box.focus(); }
      }
      return;
    }
    const body = await response.json().catch(() => ({}));
    if (button) { button.disabled = false; }
    if (row && body.current && save) {
      // Changed on another screen: what is stored now becomes what this row was drawn
      // from, so saving again replaces it deliberately.
      form.querySelector('input[name="answer_was"]').value = body.current.answer;
      form.querySelector('input[name="verdict_was"]').value = body.current.verdict;
    }
    if (row && save) { row.setAttribute("data-refused", ""); }
    say(row, body.problem || `The server said ${response.status}.`);
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
  function arrange() {
    if (!tools) { return; }
    const { show, order } = choice();
    const rows = rowsOf();
    const body = holder.querySelector("tbody");
    const key = (row) => (order === "time" ? parseInt(row.dataset.order, 10) : 0)
      * 1000 + parseInt(row.dataset.seat, 10);
    const sorted = rows.slice().sort((a, b) => key(a) - key(b));
    sorted.forEach((row) => {
      row.hidden = show === "unchecked" ? row.dataset.status !== "unchecked"
        : show === "hand" ? row.dataset.status === "none" : false;
    });
    if (body && sorted.some((row, i) => row !== rows[i])) { body.append(...sorted); }
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
