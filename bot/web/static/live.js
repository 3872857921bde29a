// The live page: the server sends each new board (already escaped HTML, the same
// fragment the page was served with) as a Server-Sent Event; nothing is polled.
"use strict";
(function () {
  const board = document.getElementById("board");
  const status = document.getElementById("status");
  const events = new EventSource(location.pathname.replace(/\/$/, "") + "/events");
  events.addEventListener("board", function (message) {
    const data = JSON.parse(message.data);
    board.innerHTML = data.html;
    board.dataset.version = String(data.version);
    status.textContent = "Live: the board updates as the table plays.";
  });
  events.onerror = function () {
    status.textContent = "Reconnecting…";
  };
})();
