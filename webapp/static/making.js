// The checking page of a puzzle still being made: asks for the same address again every
// few seconds (the server answers 202 until the puzzle is made), and once it is made,
// loads it. The page itself stays still meanwhile; "Reload now" works without this.
(function () {
  "use strict";
  var status = document.querySelector("[data-making]");
  if (!status) return;
  var seconds = Number(status.getAttribute("data-making")) || 10;
  function later(wait) {
    setTimeout(ask, wait * 1000);
  }
  function ask() {
    fetch(location.href, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 202 || response.status === 429) {
          later(Number(response.headers.get("Retry-After")) || seconds);
        } else {
          location.reload();
        }
      })
      .catch(function () {
        later(seconds);
      });
  }
  later(seconds);
})();
