// The projector follows the standings without a touch: when they are longer than the screen, it turns a page
// (most of a screen) every 12 seconds and starts again from the top, so every row is read from the back of a hall.
(function () {
  "use strict";
  var PAGE_SECONDS = 12;
  setInterval(function () {
    var root = document.documentElement;
    if (root.scrollHeight <= window.innerHeight + 2) {
      return;
    }
    if (window.scrollY + window.innerHeight >= root.scrollHeight - 2) {
      window.scrollTo(0, 0);
    } else {
      window.scrollBy(0, Math.floor(window.innerHeight * 0.8));
    }
  }, PAGE_SECONDS * 1000);
})();
