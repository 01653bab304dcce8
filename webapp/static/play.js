// A student's page: the clock of the running set from the server's time; the page
// reloads when the teacher starts the next set, records a hand for this player or
// reveals the results. What the student types is kept in sessionStorage, so neither a
// reload nor a lost connection loses it.
"use strict";
(function (P) {
  const page = document.getElementById("play");
  if (!page) { return; }
  const POLL_MS = 2000;
  const clock = document.getElementById("clock");
  const answer = document.getElementById("answer");
  const form = document.getElementById("hand-form");
  const shown = {
    round: page.dataset.round, revealed: page.dataset.revealed, hand: page.dataset.hand,
    running: page.dataset.running,
  };
  const draftKey = `printables-draft-${page.dataset.key}-${shown.round}`;
  const pressedKey = `printables-pressed-${page.dataset.key}-${shown.round}`;
  let endsAt = parseFloat(page.dataset.ends) || null;
  P.clock.seed(parseFloat(page.dataset.now));

  if (answer) {
    const saved = window.sessionStorage.getItem(draftKey);
    if (saved && !answer.value) { answer.value = saved; }
    answer.addEventListener("input", () => window.sessionStorage.setItem(draftKey, answer.value));
  }
  // Done and Impossible are sent from here, and what was recorded takes the form's
  // place: no page to load again, so a class pressing at the bell is answered at once.
  // A press that fails to arrive says so and keeps the answer for another press (the
  // server records a player's first press only, so a press sent twice counts once).
  // Without scripts the form posts as a plain form.
  let sending = false;
  let presses = 0;  // presses begun: a poll asked before one, or answered during one, is old
  if (form) {
    form.addEventListener("submit", (event) => {
      window.sessionStorage.setItem(draftKey, answer.value);
      if (!window.fetch || !event.submitter) {
        window.sessionStorage.setItem(pressedKey, "1");
        return;
      }
      event.preventDefault();
      if (!sending) { press(event.submitter); }
    });
  }

  async function press(button) {
    sending = true;
    presses += 1;
    const data = new FormData(form);
    data.set(button.name, button.value);
    try {
      const response = await fetch(form.action, {
        method: "POST", body: data, credentials: "same-origin",
        headers: { "X-Requested-With": "fetch" },
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok && body.recorded) {
        showRecorded(body);
      } else if (response.status === 403 || response.status === 404) {
        removed(body);
      } else {
        say(body.problem || `Not recorded (the server answered ${response.status}). Press again.`);
      }
    } catch (error) {
      say("Not sent: the connection failed. Your answer is kept here; press again.");
    } finally {
      sending = false;
    }
  }

  // The press is recorded: its notice replaces the form (and the notes above it), the
  // next poll finds what this page now shows, and a screen reader reads it out.
  function showRecorded(body) {
    shown.hand = handKey(body);
    ["hand-up", "time-up", "said"].forEach((id) => {
      const note = document.getElementById(id);
      if (note) { note.remove(); }
    });
    form.insertAdjacentHTML("beforebegin", body.recorded);
    form.remove();
    const notice = document.getElementById("recorded");
    if (body.problem) { say(body.problem, notice); }
    notice.focus();
  }

  // Why a press was not recorded (or how it was, when late), just above the form.
  function say(text, before) {
    const box = document.getElementById("said") || alertBox("said");
    (before || form).before(box);
    box.firstChild.textContent = text;
  }

  // A box of problems, read out as it appears, holding one paragraph.
  function alertBox(id) {
    const box = document.createElement("div");
    box.id = id;
    box.className = "problems";
    box.setAttribute("role", "alert");
    box.append(document.createElement("p"));
    return box;
  }

  // The hand as the state poll and a press's answer give it, as data-hand writes it.
  function handKey(state) {
    return (state.hand === null ? "" : String(state.hand)) + (state.pressed ? "/pressed" : "");
  }
  // Just pressed: the page that answers says what was recorded; a screen reader reads it
  // out (focus moves to it), and the clock stays in view above.
  const recorded = document.getElementById("recorded");
  if (recorded && window.sessionStorage.getItem(pressedKey)) {
    window.sessionStorage.removeItem(pressedKey);
    recorded.focus();
  }

  // A poll crossed by a press is set aside: the server may have recorded the press
  // before the page has its answer (or the poll was asked before it), and loading the
  // page again under the press would lose the notice's focus. The next poll is current.
  async function poll() {
    const asked = presses;
    try {
      const state = await P.clock.sync(page.dataset.state);
      if (sending || asked !== presses) { return; }
      const round = state.round ? String(state.round.number) : "";
      const revealed = state.revealed ? "1" : "0";
      const hand = handKey(state);
      const running = state.round && state.round.running ? "1" : "0";
      if (round !== shown.round || revealed !== shown.revealed || hand !== shown.hand
          || (shown.round !== "" && running !== shown.running)) {
        if (answer) { window.sessionStorage.setItem(draftKey, answer.value); }
        window.location.replace(page.dataset.self);  // this page's own GET address, never a form's
        return;
      }
      endsAt = state.round && state.round.running ? state.round.ends_at : null;
      tick();
    } catch (error) {
      if (error.status === 403 || error.status === 404) { removed(error.body || {}); }
      // otherwise offline for a moment: the next poll tries again
    }
  }

  // The teacher removed this player (or freed the seat): say so, stop the clock, and
  // keep the answer on screen; Done would not record it.
  function removed(body) {
    endsAt = null;
    if (clock) { clock.textContent = "Not in the session"; }
    if (!document.getElementById("removed")) {
      const box = alertBox("removed");
      const text = box.firstChild;
      text.textContent = `${body.problem || "You are no longer in this session."} `;
      const link = document.createElement("a");
      link.href = body.join || "/join";
      link.textContent = "Join again";
      text.append(link);
      page.prepend(box);
    }
    if (form) { form.querySelectorAll("button").forEach((b) => { b.disabled = true; }); }
  }

  function tick() {
    if (!clock || document.getElementById("removed")) { return; }
    const left = endsAt === null ? 0 : endsAt - P.clock.now();
    clock.textContent = left > 0 ? `${P.formatSeconds(Math.ceil(left))} left` : "Time is up";
  }

  if (answer && document.getElementById("board")) { board(); }

  // Cards placed by tapping: tap a card of the set, then a place of the grid (or drag it
  // there with a mouse); tap a placed card, then another place, to move or swap it. The
  // grid writes the answer box (an empty place is "?"), and whatever is in the box,
  // typed or tapped, is read by the server as Done will read it: each place is shown as
  // its card, and anything that would stop the answer being checked is named. It never
  // says whether the grid is right.
  function board() {
    const section = document.getElementById("board");
    const holder = document.getElementById("slots");
    const said = document.getElementById("reading");
    const rows = parseInt(section.dataset.rows, 10), cols = parseInt(section.dataset.cols, 10);
    const tray = Array.from(document.querySelectorAll(".cards.play li"));
    const images = {};  // card name -> its image, from the set's cards above
    let places = [];    // rows of {name, kind: "card" | "no" | "unread" | "empty"}
    let chosen = null;  // {tray: name} or {place: [r, c]}
    let timer = null;

    tray.forEach((item) => {
      const name = item.querySelector("figcaption").textContent.trim();
      const figure = item.querySelector("figure");
      images[name] = item.querySelector("img").getAttribute("src");
      item.dataset.name = name;
      figure.setAttribute("role", "button");  // the list item stays a list item
      figure.setAttribute("tabindex", "0");
      figure.setAttribute("aria-pressed", "false");
      figure.setAttribute("aria-label", `${name}: ${item.querySelector("img").alt}`);
      item.setAttribute("draggable", "true");
      item.addEventListener("click", () => choose({ tray: name }));
      figure.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); choose({ tray: name }); }
      });
      item.addEventListener("dragstart", (event) => {
        chosen = { tray: name };
        event.dataTransfer.setData("text/plain", name);
      });
    });

    function empty() { return { name: "", kind: "empty" }; }
    function sized(grid) {  // at least the set's shape, so every place can be tapped
      const height = Math.max(rows, grid.length);
      const width = Math.max(cols, ...grid.map((row) => row.length));
      return Array.from({ length: height }, (_, r) =>
        Array.from({ length: width }, (_, c) => (grid[r] && grid[r][c]) || empty()));
    }
    function text() {
      const written = places.map((row) => row.map((p) => (p.kind === "empty" ? "?" : p.name)));
      while (written.length && written[written.length - 1].every((w) => w === "?")) { written.pop(); }
      return written.map((row) => row.join(" ")).join("\n");
    }
    function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

    function choose(what) {
      if (what.place) {
        const [r, c] = what.place;
        if (chosen && chosen.tray) { put(chosen.tray, r, c); return; }
        if (chosen && chosen.place) {
          const [r0, c0] = chosen.place;
          if (r0 !== r || c0 !== c) {
            [places[r][c], places[r0][c0]] = [places[r0][c0], places[r][c]];
            chosen = null;
            changed();
            return;
          }
          chosen = null;
        } else if (places[r][c].kind !== "empty") {
          chosen = what;
        } else {
          said.textContent = "Choose a card above first, then its place.";
        }
      } else {
        chosen = chosen && chosen.tray === what.tray ? null : what;
      }
      draw();
    }

    function put(name, r, c) {
      places.forEach((row) => row.forEach((p, k) => { if (p.name === name) { row[k] = empty(); } }));
      places[r][c] = { name, kind: "card" };
      chosen = null;
      changed();
    }

    function changed() {
      answer.value = text();
      answer.dispatchEvent(new Event("input"));  // keeps the draft
      draw();
      read();
    }

    function draw() {
      holder.style.setProperty("--cols", places.length ? places[0].length : cols);
      const buttons = [];
      places.forEach((row, r) => row.forEach((p, c) => {
        const button = document.createElement("button");
        button.type = "button";
        const where = `Row ${r + 1}, space ${c + 1}`;
        if (p.kind === "card" && images[p.name]) {
          const img = document.createElement("img");
          img.src = images[p.name];
          img.alt = "";
          button.append(img);
        }
        if (p.kind !== "empty") { button.append(p.name); }
        button.className = p.kind === "empty" ? "" : p.kind === "unread" ? "unread" : "filled";
        button.setAttribute("aria-label", `${where}: ${p.kind === "empty" ? "empty" : p.name}`);
        const picked = chosen && chosen.place && chosen.place[0] === r && chosen.place[1] === c;
        button.setAttribute("aria-pressed", picked ? "true" : "false");
        button.dataset.slot = `${r},${c}`;
        button.addEventListener("click", () => choose({ place: [r, c] }));
        button.addEventListener("dragover", (event) => event.preventDefault());
        button.addEventListener("drop", (event) => {
          event.preventDefault();
          const name = event.dataTransfer.getData("text/plain");
          if (name) { put(name, r, c); }
        });
        buttons.push(button);
      }));
      const focused = document.activeElement && document.activeElement.dataset
        ? document.activeElement.dataset.slot : "";
      holder.replaceChildren(...buttons);
      if (focused) {
        const again = holder.querySelector(`[data-slot="${focused}"]`);
        if (again) { again.focus(); }
      }
      const placed = new Set(places.flat().map((p) => p.name));
      tray.forEach((item) => {
        item.classList.toggle("used", placed.has(item.dataset.name));
        item.querySelector("figure").setAttribute(
          "aria-pressed", chosen && chosen.tray === item.dataset.name ? "true" : "false");
      });
    }

    async function read() {
      const typed = answer.value;
      let found;
      try {
        const response = await fetch(`${section.dataset.reading}?answer=${encodeURIComponent(typed)}`,
          { cache: "no-store", credentials: "same-origin" });
        if (!response.ok) { return; }
        found = await response.json();
      } catch (error) { return; }
      if (typed !== answer.value) { return; }  // typed on since: a newer reading follows
      const grid = found.rows.map((row) => row.map((p) =>
        p.name ? { name: p.name, kind: "card" } : p.no ? { name: "No", kind: "no" }
          : p.unread ? { name: p.unread, kind: "unread" } : empty()));
      if (!same(sized(grid), places)) { places = sized(grid); chosen = null; draw(); }
      said.replaceChildren();
      const heading = document.createElement("p");
      if (found.bare_claim) {
        heading.textContent = "Your answer says the set is impossible.";
        heading.className = "fine";
      } else if (found.problems.length) {
        heading.textContent = "Before you press Done:";
        const list = document.createElement("ul");
        found.problems.forEach((problem) => {
          const item = document.createElement("li");
          item.textContent = problem;
          list.append(item);
        });
        said.append(heading, list);
        return;
      } else {
        heading.textContent = "Every place reads as a card of your set.";
        heading.className = "fine";
      }
      said.append(heading);
    }

    answer.addEventListener("input", (event) => {
      if (!event.isTrusted) { return; }  // the grid wrote it: read() follows anyway
      clearTimeout(timer);
      timer = setTimeout(read, 300);
    });
    document.getElementById("clear-grid").addEventListener("click", () => {
      places = sized([]);
      chosen = null;
      changed();
    });
    places = sized([]);
    section.hidden = false;
    draw();
    if (answer.value.trim()) { read(); }
  }

  // The page came with the server's time and state, so the first poll can wait: at a
  // random moment of the first two seconds, so that a class whose pages reload together
  // (a set starts, Done pressed at the bell) spreads its polls instead of sending them
  // all at once.
  window.setTimeout(() => { poll(); setInterval(poll, POLL_MS); }, Math.random() * POLL_MS);
  setInterval(tick, 250);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { poll(); } });
})(window.Printables);
