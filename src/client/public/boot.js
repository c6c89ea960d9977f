// Starts the client of a page the server rendered (decision 024, src/server/http/page-html.ts): the entry
// script and the chunks it needs, named by this element's data attributes. Started after the first paint,
// not from the page's head, so that the page's HTML, styles and photo are shown first. A plain file, not
// inline, because the CSP allows only scripts from Budrunde's own address.
(() => {
  const self = document.currentScript;
  if (!self) return;
  const entry = self.dataset.entry;
  const preloads = (self.dataset.preload || '').split(' ').filter(Boolean);
  // Until the page's script has taken over (src/client/app/page-ready.tsx), a form sent now would be sent by
  // the browser itself: as a GET to this page, with what was typed in its address. Stopped instead; the
  // button works once the page is ready, a moment later.
  document.addEventListener(
    'submit',
    (event) => {
      if (!document.documentElement.hasAttribute('data-page-ready')) event.preventDefault();
    },
    true,
  );
  let started = false;
  function start() {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // After the next frame is painted: a timer set in requestAnimationFrame runs once that frame is done. A tab
  // opened in the background paints no frames, so a plain timer starts it there.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
