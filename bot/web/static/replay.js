// The replay page: every step's board (escaped HTML from the server), a slider,
// previous/next buttons and the arrow keys; the step lives in the address (#step=37).
"use strict";
(function () {
  const board = document.getElementById("board");
  const slider = document.getElementById("step");
  const where = document.getElementById("where");
  const luck = document.getElementById("luck");
  let steps = null;

  function wanted() {
    const found = /step=(\d+)/.exec(location.hash);
    return found ? parseInt(found[1], 10) : 0;
  }

  function show(step) {
    if (steps === null) return;
    const last = steps.length - 1;
    const at = Math.max(0, Math.min(last, step));
    board.innerHTML = steps[at].html;
    board.dataset.step = String(at);
    slider.value = String(at);
    where.textContent = steps[at].label;
    if (location.hash !== "#step=" + at) history.replaceState(null, "", "#step=" + at);
  }

  fetch(location.pathname.replace(/\/$/, "") + "/steps.json")
    .then(function (response) { return response.json(); })
    .then(function (data) {
      steps = data.steps;
      slider.max = String(steps.length - 1);
      if (data.luck && data.luck.length) {
        const list = document.createElement("ul");
        data.luck.forEach(function (line) {
          const item = document.createElement("li");
          item.textContent = line;
          list.appendChild(item);
        });
        luck.appendChild(list);
      }
      show(wanted());
      document.body.dataset.ready = "1";
    });

  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  document.getElementById("prev").addEventListener("click", function () {
    show(parseInt(slider.value, 10) - 1);
  });
  document.getElementById("next").addEventListener("click", function () {
    show(parseInt(slider.value, 10) + 1);
  });
  document.addEventListener("keydown", function (event) {
    if (event.target === slider) return;
    if (event.key === "ArrowLeft") show(parseInt(slider.value, 10) - 1);
    if (event.key === "ArrowRight") show(parseInt(slider.value, 10) + 1);
  });
  window.addEventListener("hashchange", function () { show(wanted()); });
})();
