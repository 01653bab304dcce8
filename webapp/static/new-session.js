// The new-session form: typing sets in the box chooses "Use these sets", and changing
// a generating field chooses "Generate", so the form sends what the teacher filled in.
"use strict";
(function () {
  const typed = document.getElementById("source-typed");
  const generate = document.getElementById("source-generate");
  const box = document.getElementById("sets");
  if (!typed || !generate || !box) { return; }
  box.addEventListener("input", () => { if (box.value.trim()) { typed.checked = true; } });
  for (const id of ["generate", "want", "level", "seed"]) {
    const field = document.getElementById(id);
    if (field) { field.addEventListener("input", () => { generate.checked = true; }); }
    if (field) { field.addEventListener("change", () => { generate.checked = true; }); }
  }
})();
