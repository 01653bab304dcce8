// The server's clock, as seen from this screen. Every timer in Printables is computed
// from a start time stored on the server and the server's "now", never from a count
// kept by the page: two projectors agree, a reload shows the right time, and a
// background tab (whose timers the browser slows down) does not drift.
//
// Printables.clock.sync(url) fetches JSON with a "now" field (seconds since the epoch,
// the server's time) and estimates the offset between the two clocks from the fastest
// round trip seen; Printables.clock.now() is the server's time, in seconds, estimated
// from this screen's clock plus that offset.
"use strict";
window.Printables = window.Printables || {};
(function (P) {
  let offset = 0;        // server time minus local time, seconds
  let bestTrip = Infinity;

  P.clock = {
    now() { return Date.now() / 1000 + offset; },
    // Before the first sync: the server's time as the page was made (data-now), so a
    // screen whose own clock is wrong shows the right time from the start.
    seed(serverNow) {
      if (bestTrip === Infinity && Number.isFinite(serverNow)) {
        offset = serverNow - Date.now() / 1000;
      }
    },
    // Fetch url (GET, JSON), update the offset, return the parsed body.
    async sync(url) {
      const sent = Date.now();
      const response = await fetch(url, { cache: "no-store", credentials: "same-origin" });
      const received = Date.now();
      if (!response.ok) {  // the status and the server's JSON go with the error
        const error = new Error(`${url}: ${response.status}`);
        error.status = response.status;
        error.body = await response.json().catch(() => ({}));
        throw error;
      }
      const body = await response.json();
      const trip = received - sent;
      // Trust the fastest recent round trip most; let old estimates age out slowly.
      bestTrip = Math.min(bestTrip * 1.05 + 1, trip);
      if (typeof body.now === "number" && trip <= bestTrip + 1) {
        offset = body.now - (sent + received) / 2000;
      }
      return body;
    },
  };

  // 605 -> "10:05"; 3725 -> "1:02:05"; negative values count as zero.
  P.formatSeconds = function (seconds) {
    const s = Math.max(0, Math.floor(seconds));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    const two = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
  };

  // The CSRF token the page carries in <meta name="csrf-token">, for fetch() POSTs.
  P.csrfToken = function () {
    const meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  };
})(window.Printables);
