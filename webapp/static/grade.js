// The grading pages (templates/grading/).
//
// Upload: files larger together than the upload's limit are refused here, before they
// are sent, with the same words the server would use.
// Progress: the page asks the server how far the grading has got every second and moves
// the bar; when the grading is done (or stopped) it reloads to show the results.
// Decisions: each decision's form is sent with fetch() and the CSRF header; the results
// are then fetched again and put in place of the old ones, so the gradebook and the list
// of marks to decide update without losing the place on the page.
"use strict";
(function () {
  const byId = (id) => document.getElementById(id);
  const token = () => {
    const meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  };

  const form = byId("upload-form");
  if (form) {
    const input = byId("scans");
    const problem = byId("size-problem");
    const tooLarge = () => {
      const total = Array.from(input.files || []).reduce((sum, f) => sum + f.size, 0);
      return total > Number(form.dataset.most);
    };
    const check = () => {
      const refuse = tooLarge();
      problem.hidden = !refuse;
      problem.textContent = refuse
        ? "Those files come to more than " + form.dataset.mostText + ", the most one upload " +
          "takes. Send the scans in smaller parts (each part is graded on its own)."
        : "";
      return !refuse;
    };
    input.addEventListener("change", check);
    form.addEventListener("submit", (event) => {
      if (!check()) { event.preventDefault(); return; }
      const button = form.querySelector('button[type="submit"]');
      button.disabled = true;
      button.textContent = "Uploading…";
    });
  }

  const progress = byId("progress");
  if (progress) {
    const bar = byId("progress-bar");
    const text = byId("progress-text");
    const poll = async () => {
      try {
        const answer = await fetch(progress.dataset.progressUrl, {
          headers: { "X-Requested-With": "fetch", Accept: "application/json" },
          cache: "no-store",
        });
        if (answer.ok) {
          const state = await answer.json();
          if (state.state === "done" || state.state === "failed") {
            bar.value = 100;
            text.textContent = state.state === "done" ? "Done: showing the results…" : "The grading stopped.";
            window.location.reload();
            return;
          }
          bar.value = state.percent;
          bar.textContent = state.percent + " %";
          text.textContent = state.total === null
            ? "Counting the pages…"
            : state.done + " of " + state.total + " pages read";
        }
      } catch (error) {
        text.textContent = "Lost touch with the server; trying again…";
      }
      window.setTimeout(poll, 1000);
    };
    window.setTimeout(poll, 500);
  }

  const results = byId("results");
  if (results) {
    let problemBox = null;
    const say = (message) => {
      if (!problemBox) {
        problemBox = document.createElement("p");
        problemBox.className = "problems";
        problemBox.setAttribute("role", "alert");
        results.prepend(problemBox);
      }
      problemBox.textContent = message;
    };
    results.addEventListener("submit", async (event) => {
      const sent = event.target;
      if (!sent.classList.contains("decision")) { return; }
      event.preventDefault();
      const body = new FormData(sent);
      if (event.submitter && event.submitter.name) {
        body.set(event.submitter.name, event.submitter.value);
      }
      const buttons = Array.from(sent.querySelectorAll("button"));
      buttons.forEach((b) => { b.disabled = true; });
      try {
        const answer = await fetch(sent.action, {
          method: "POST",
          body,
          headers: { "X-Requested-With": "fetch", "X-CSRFToken": token(), Accept: "application/json" },
        });
        if (!answer.ok) {
          const found = await answer.json().catch(() => ({}));
          say(found.problem || "The decision was not saved: reload the page and try again.");
          buttons.forEach((b) => { b.disabled = false; });
          return;
        }
        const page = await fetch(window.location.pathname, { cache: "no-store" });
        const fresh = new DOMParser().parseFromString(await page.text(), "text/html");
        const replacement = fresh.getElementById("results");
        if (replacement) {
          const y = window.scrollY;
          results.replaceChildren(...replacement.childNodes);
          problemBox = null;
          window.scrollTo(0, y);
        }
      } catch (error) {
        say("Lost touch with the server: the decision may not be saved. Reload the page.");
        buttons.forEach((b) => { b.disabled = false; });
      }
    });
  }
})();
