// The projector timer page (templates/timer_screen.html).
//
// The server owns the clock: this page keeps the timer's stored state (setting, time run
// before the last start, the server time of that start) and computes the digits from it
// and Printables.clock.now(), the server's time as seen from here. It asks for the
// state every two seconds (and at once when the tab becomes visible again), so every
// screen on the same timer agrees and a background tab never drifts.
//
// The buttons are plain forms that also work without this script; here they are sent
// with fetch() and the CSRF header, and the answer is the timer's new state.
// At the end of a run the screen flashes (a steady colour under prefers-reduced-motion)
// and beeps (Web Audio, allowed after a click or key press on the page), once per run.
"use strict";
(function (P) {
  const root = document.getElementById("timer");
  if (!root || !P.clock) { return; }

  const byId = (id) => document.getElementById(id);
  const digits = byId("digits");
  const statusLine = byId("status");
  const labelHeading = byId("timer-label");
  const hintLine = byId("hint");
  const problemBox = byId("screen-problem");
  const toggleForm = byId("toggle-form");
  const toggleButton = byId("toggle");
  const resetForm = byId("reset-form");
  const customForm = byId("custom-form");
  const customDetails = byId("custom");
  const fullscreenButton = byId("fullscreen");
  const soundButton = byId("sound");
  const soundNote = byId("sound-note");
  const presetForms = Array.from(root.querySelectorAll("form[data-preset]"));
  const urls = {
    state: root.dataset.stateUrl,
    start: root.dataset.startUrl,
    pause: root.dataset.pauseUrl,
    set: root.dataset.setUrl,
    login: root.dataset.loginUrl,
  };

  const POLL_MS = 2000;
  const MAX_DURATION = 24 * 3600;
  const RECENT_END = 3;      // seconds: a page opened this soon after the end still beeps
  const WATCHED_END = 60;    // seconds: a (throttled) background tab that watched the run
  const FLASH_SECONDS = 6;   // the flash alternates twice a second: under 3 flashes/s

  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  let state = JSON.parse(root.dataset.state);
  // Until the first sync, estimate the server's time from the time the page was made.
  const fallbackOffset = state.now - Date.now() / 1000;
  let synced = false;
  const serverNow = () => (synced ? P.clock.now() : Date.now() / 1000 + fallbackOffset);

  // --- The arithmetic (webapp/timers.py does the same on the server) -----------------

  function ranSeconds(s, at) {
    const run = s.elapsed + (s.started_at !== null ? at - s.started_at : 0);
    return Math.min(s.duration, Math.max(0, run));
  }
  function displaySeconds(s, at) {
    const run = ranSeconds(s, at);
    return s.direction === "down" ? Math.ceil(s.duration - run - 1e-9) : Math.floor(run);
  }
  function statusOf(s, at) {
    if (ranSeconds(s, at) >= s.duration) { return "finished"; }
    if (s.started_at !== null) { return "running"; }
    return s.elapsed > 0 ? "paused" : "stopped";
  }
  function statusText(s, status) {
    const setting = P.formatSeconds(s.duration);
    const down = s.direction === "down";
    const counts = down ? `counts down from ${setting}` : `counts up to ${setting}`;
    switch (status) {
      case "running": return down ? `Counting down from ${setting}` : `Counting up to ${setting}`;
      case "paused": return `Paused · ${counts}`;
      case "finished": return down ? "Time is up" : `Reached ${setting}`;
      default: return `Ready · ${counts}`;
    }
  }
  const runKey = (s) => `${s.started_at}|${s.elapsed}|${s.duration}|${s.direction}`;
  const endsAt = (s) => s.started_at + s.duration - s.elapsed;

  // --- Drawing --------------------------------------------------------------------------

  let shownText = null;
  let shownStatus = state.status;  // as the server drew the page
  let shownLabel = state.label;
  let shownSetting = null;
  let watchedRun = null;   // the run this page saw running
  let handledEnd = null;   // the run whose end was flashed (or was already over on arrival)

  function render() {
    const at = serverNow();
    const status = statusOf(state, at);
    const text = P.formatSeconds(displaySeconds(state, at));
    if (text !== shownText) {
      digits.textContent = text;
      digits.classList.toggle("long", text.length > 5);
      document.title = `${text} · ${state.label} · Printables`;
      shownText = text;
    }
    const setting = `${state.duration}|${state.direction}`;
    if (status !== shownStatus || setting !== shownSetting) {
      root.classList.remove(`is-${shownStatus}`);
      root.classList.add(`is-${status}`);
      const line = statusText(state, status);  // a live region: read out when it changes
      if (statusLine.textContent !== line) { statusLine.textContent = line; }
      const running = status === "running";
      toggleButton.textContent = running ? "Pause" : "Start";
      toggleForm.action = running ? urls.pause : urls.start;
      if (status !== "finished") { stopFlash(); }
      shownStatus = status;
      shownSetting = setting;
    }
    if (state.label !== shownLabel) {
      labelHeading.textContent = state.label;
      shownLabel = state.label;
    }
    if (status === "running") { watchedRun = runKey(state); }
    if (status === "finished" && state.started_at !== null && handledEnd !== runKey(state)) {
      handledEnd = runKey(state);
      const late = at - endsAt(state);
      if (late <= RECENT_END || (watchedRun === handledEnd && late <= WATCHED_END)) { timeIsUp(); }
    }
  }

  function frame() {
    render();
    window.requestAnimationFrame(frame);
  }

  // --- Time is up: flash and beep ---------------------------------------------------------

  let flashTimer = null;

  function timeIsUp() {
    beep();
    stopFlash();
    if (reducedMotion.matches) { return; }  // the steady "finished" colours only
    const until = Date.now() + FLASH_SECONDS * 1000;
    flashTimer = window.setInterval(() => {
      if (Date.now() >= until) { stopFlash(); return; }
      root.classList.toggle("flash-off");
    }, 500);
  }

  function stopFlash() {
    if (flashTimer !== null) { window.clearInterval(flashTimer); flashTimer = null; }
    root.classList.remove("flash-off");
  }

  let audio = null;
  let soundOn = true;
  try { soundOn = window.localStorage.getItem("printables.timer.sound") !== "off"; } catch (e) { /* private mode */ }

  // Browsers start audio only after a gesture on the page: the first click or key makes it.
  function unlockAudio() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) { return; }
    if (!audio) {
      try { audio = new Context(); } catch (e) { return; }
      audio.addEventListener("statechange", updateSound);
    }
    if (audio.state === "suspended") { audio.resume().catch(() => {}); }
    updateSound();
  }

  function beep() {
    if (!soundOn || !audio || audio.state !== "running") { return; }
    const first = audio.currentTime + 0.05;
    for (let i = 0; i < 3; i += 1) {
      const start = first + i * 0.45;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "square";
      tone.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.3, start + 0.02);
      gain.gain.setValueAtTime(0.3, start + 0.26);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
      tone.connect(gain);
      gain.connect(audio.destination);
      tone.start(start);
      tone.stop(start + 0.32);
    }
  }

  function updateSound() {
    soundButton.setAttribute("aria-pressed", soundOn ? "true" : "false");
    const blocked = !audio || audio.state !== "running";
    const show = soundOn && blocked && (window.AudioContext || window.webkitAudioContext);
    // visibility, not display: the page must not move under a click (that click unlocks audio)
    soundNote.style.visibility = show ? "visible" : "hidden";
  }

  // --- Messages -------------------------------------------------------------------------

  let hintTimer = null;

  // A short hint under the digits, read out by screen readers; it goes after a while.
  function announce(text) {
    hintLine.textContent = text;
    if (hintTimer !== null) { window.clearTimeout(hintTimer); }
    hintTimer = window.setTimeout(() => { hintLine.textContent = ""; }, 6000);
  }

  function showProblem(message, fields, link) {
    problemBox.replaceChildren();
    for (const input of customForm.querySelectorAll("[aria-invalid]")) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
    if (!message) { problemBox.hidden = true; return; }
    const paragraph = document.createElement("p");
    paragraph.id = "problem-message";
    paragraph.textContent = message;
    if (link) {
      const anchor = document.createElement("a");
      anchor.href = link.href;
      anchor.textContent = link.text;
      paragraph.append(" ", anchor);
    }
    problemBox.append(paragraph);
    problemBox.hidden = false;
    for (const field of fields || []) {
      const input = customForm.querySelector(`[name="${field}"]`);
      if (input) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", "problem-message");
        customDetails.open = true;
      }
    }
  }

  // --- Talking to the server ------------------------------------------------------------

  let changes = 0;      // actions sent so far: a poll sent before one must not undo it
  let inFlight = 0;
  let queue = Promise.resolve();
  let gone = false;     // the timer was deleted

  function applyState(body) {
    state = {
      label: body.label,
      direction: body.direction,
      duration: body.duration,
      started_at: body.started_at,
      elapsed: body.elapsed,
    };
    if (!customDetails.open) {
      customForm.elements.label.value = state.label;
      customForm.elements.time.value = P.formatSeconds(state.duration);
      customForm.elements.direction.value = state.direction;
    }
    render();
  }

  // Deleted (on another screen): stop where it stands, and say so.
  function timerGone() {
    gone = true;
    const at = serverNow();
    state = { ...state, elapsed: ranSeconds(state, at), started_at: null };
    render();
    showProblem("This timer was deleted.", [], { href: root.querySelector(".back").href, text: "All timers" });
  }

  async function poll() {
    if (gone) { return; }
    const before = changes;
    try {
      const body = await P.clock.sync(urls.state);
      synced = true;
      if (before === changes && inFlight === 0) { applyState(body); }
      if (problemBox.dataset.connection) { showProblem(null); delete problemBox.dataset.connection; }
    } catch (error) {
      if (/: 404$/.test(error.message)) {
        timerGone();
      } else if (error instanceof SyntaxError) {
        // A page instead of JSON: the login page, after the session ended.
        showProblem("You are logged out.", [], { href: urls.login, text: "Log in again" });
      } else if (!problemBox.dataset.connection) {
        showProblem("Lost touch with the server: showing the last time it gave. Trying again…");
        problemBox.dataset.connection = "1";
      }
    }
  }

  // POST a form's fields; the answer is the timer's new state. Sent one after another.
  function send(url, data) {
    changes += 1;
    inFlight += 1;
    const done = queue.then(async () => {
      try {
        const response = await fetch(url, {
          method: "POST",
          body: data,
          credentials: "same-origin",
          headers: {
            "X-CSRFToken": P.csrfToken(),
            "X-Requested-With": "fetch",
            Accept: "application/json",
          },
        });
        const json = (response.headers.get("Content-Type") || "").includes("application/json");
        const body = json ? await response.json() : null;
        if (response.ok && body) {
          showProblem(null);
          applyState(body);
          return true;
        }
        if (response.status === 401) {
          showProblem("You are logged out.", [], { href: urls.login, text: "Log in again" });
        } else if (response.status === 404) {
          timerGone();
        } else if (body && body.error) {
          showProblem(body.error, Object.keys(body.problems || {}));
        } else if (response.status === 400) {
          showProblem("This page has expired: reload it, then try again.");
        } else {
          showProblem(`The server could not do that (error ${response.status}); try again.`);
        }
        poll();
        return false;
      } catch (error) {
        showProblem("Could not reach the server: check the network, then try again.");
        return false;
      } finally {
        inFlight -= 1;
      }
    });
    queue = done.catch(() => false);
    return done;
  }

  function sendForm(form) {
    return send(form.action, new FormData(form));
  }

  function setDuration(seconds) {
    const data = new FormData();
    data.append("csrf_token", P.csrfToken());
    data.append("duration", String(seconds));
    // Show it at once; the server's answer follows.
    state = { ...state, duration: seconds, elapsed: 0, started_at: null };
    render();
    return send(urls.set, data);
  }

  // --- Buttons and keys -------------------------------------------------------------------

  root.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.dataset.js) { return; }
    event.preventDefault();
    const ok = await sendForm(form);
    if (ok && form === customForm) {
      customDetails.open = false;
      toggleButton.focus();  // ready to start the new time (Space or Enter)
    }
  });

  function toggle() { sendForm(toggleForm); }

  function loadPreset(form) {
    if (statusOf(state, serverNow()) === "running") {
      announce("Pause first (Space), then load another time.");
      return;
    }
    sendForm(form);
  }

  function adjust(minutes) {
    if (statusOf(state, serverNow()) !== "stopped") {
      announce("Reset first (R): the arrow keys change the time of a timer at its start.");
      return;
    }
    const next = state.duration + minutes * 60;
    if (next < 1 || next > MAX_DURATION) {
      announce(minutes < 0 ? "It is as short as the arrow keys go; type a time below."
        : "That is as long as a timer goes: 24 hours.");
      return;
    }
    setDuration(next);
  }

  function fullscreen() {
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(() => {});
    } else if (document.documentElement.requestFullscreen) {
      document.documentElement.requestFullscreen().catch(() => {});
    }
  }

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) { return; }
    const target = event.target instanceof Element ? event.target : document.body;
    if (target.closest("input, select, textarea, [contenteditable]")) { return; }
    const onControl = target.closest("button, a, summary");
    const key = event.key;
    if (key === " " || key === "Spacebar") {
      if (onControl) { return; }  // Space presses the focused button, as everywhere
      event.preventDefault();
      toggle();
    } else if (key === "r" || key === "R") {
      event.preventDefault();
      sendForm(resetForm);
    } else if (key === "f" || key === "F") {
      event.preventDefault();
      fullscreen();
    } else if (key === "ArrowUp" || key === "ArrowDown") {
      event.preventDefault();
      adjust(key === "ArrowUp" ? 1 : -1);
    } else {
      const form = presetForms.find((f) => f.dataset.preset === key);
      if (form) {
        event.preventDefault();
        loadPreset(form);
      }
    }
  });

  // The first click or key press on the page allows the beep.
  document.addEventListener("pointerdown", unlockAudio, true);
  document.addEventListener("keydown", unlockAudio, true);

  soundButton.addEventListener("click", () => {
    soundOn = !soundOn;
    try { window.localStorage.setItem("printables.timer.sound", soundOn ? "on" : "off"); } catch (e) { /* private mode */ }
    updateSound();
    announce(soundOn ? "The screen beeps at zero." : "No beep at zero.");
  });
  soundButton.hidden = !(window.AudioContext || window.webkitAudioContext);

  if (document.fullscreenEnabled) {
    fullscreenButton.hidden = false;
    fullscreenButton.addEventListener("click", fullscreen);
    document.addEventListener("fullscreenchange", () => {
      fullscreenButton.textContent = document.fullscreenElement ? "Leave full screen" : "Full screen";
    });
  }
  byId("keys").hidden = false;

  // --- Keep the screen awake (where the Screen Wake Lock API exists) -----------------------

  let wakeLock = null;

  async function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible") { return; }
    if (wakeLock && !wakeLock.released) { return; }
    try {
      wakeLock = await navigator.wakeLock.request("screen");
    } catch (error) {
      wakeLock = null;  // refused (battery saver, insecure page): the screen may sleep
    }
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      keepAwake();
      poll();
    }
  });
  window.addEventListener("pageshow", (event) => { if (event.persisted) { poll(); } });

  // --- Start -------------------------------------------------------------------------------

  updateSound();
  keepAwake();
  render();
  poll();
  window.setInterval(poll, POLL_MS);
  window.requestAnimationFrame(frame);
  // requestAnimationFrame stops in a background tab; this keeps the title and the end going.
  window.setInterval(render, 500);
})(window.Printables);
