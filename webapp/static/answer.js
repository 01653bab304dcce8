// Entering an answer on a phone: a tapped card or option is written into the answer box
// (a choice replaces what is there, cards and an order are added one after another), and
// a card built by its four values is written as its name. The box stays the answer:
// everything here only types into it, so the page works without this script.
(function () {
  "use strict";
  var form = document.getElementById("answer-form");
  if (!form) { return; }
  var box = document.getElementById("answer");
  var clear = form.querySelector("[data-clear]");
  clear.hidden = false;
  clear.addEventListener("click", function () { box.value = ""; box.focus(); });
  function add(text, replace) {
    if (replace) { box.value = text; return; }
    var now = box.value.replace(/\s+$/, "");
    box.value = now ? now + " " + text : text;
  }
  document.querySelectorAll("[data-add]").forEach(function (button) {
    var options = button.closest("[data-mode]");
    var replace = options !== null && options.getAttribute("data-mode") === "choice";
    button.addEventListener("click", function () { add(button.getAttribute("data-add"), replace); });
  });
  var builder = form.querySelector("[data-builder]");
  if (builder) {
    var parts = builder.querySelectorAll("select");
    parts.forEach(function (select) {
      select.addEventListener("change", function () {
        var name = "";
        for (var k = 0; k < parts.length; k += 1) {
          if (!parts[k].value) { return; }
          name += parts[k].value;
        }
        add(name, true);
      });
    });
  }
}());
