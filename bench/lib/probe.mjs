// In-page timing, installed with addInitScript before any of the page's code runs. "Visible" means
// laid out with a non-empty box and not hidden by display, visibility or opacity 0, searched through
// the document and every open shadow root (AppKit renders in shadow DOM, Latch in its own root).
// Times are read once per animation frame, i.e. when the browser is about to paint.

function installProbe({ buttonText, walletText }) {
  const probe = {};
  window.__benchProbe = probe;

  const visible = (element) => {
    if (!element || !element.isConnected) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    return element.checkVisibility ? element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) : true;
  };

  /** The visible element holding `text`, through open shadow roots, or null. */
  const findText = (text, root = document) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const owner = node.parentElement ?? node.parentNode?.host;
        if (node.data.includes(text) && visible(owner)) return owner;
      } else if (node.shadowRoot) {
        const inShadow = findText(text, node.shadowRoot);
        if (inShadow) return inShadow;
      }
    }
    return null;
  };

  // Navigation start is performance's time origin, so performance.now() is "ms since navigation".
  const watchButton = () => {
    if (findText(buttonText)) probe.buttonVisibleAt = performance.now();
    else requestAnimationFrame(watchButton);
  };
  requestAnimationFrame(watchButton);

  /** Centre of the connect button, in CSS pixels, for a real mouse click. */
  probe.buttonCentre = () => {
    const box = findText(buttonText)?.getBoundingClientRect();
    return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
  };

  /** Arms the click → wallet-list timer: it starts at the pointerdown's own time stamp. */
  probe.armOpen = () => {
    if (findText(walletText)) throw new Error(`"${walletText}" is visible before the click`);
    probe.opened = new Promise((resolve) => {
      const onPointerDown = (event) => {
        const start = event.timeStamp;
        const poll = () => (findText(walletText) ? resolve(performance.now() - start) : requestAnimationFrame(poll));
        requestAnimationFrame(poll);
      };
      window.addEventListener('pointerdown', onPointerDown, { capture: true, once: true });
    });
  };
}

/** Source for `page.addInitScript({ content })`. */
export function probeInitScript(texts) {
  return `(${installProbe.toString()})(${JSON.stringify(texts)});`;
}
