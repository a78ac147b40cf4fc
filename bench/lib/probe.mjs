// In-page timing, installed with addInitScript before any of the page's code runs. "Visible" means
// laid out with a non-empty box and not hidden by display or visibility (a fade's opacity does not
// count: what is painted at low opacity is painted), searched through the document and every open
// shadow root (AppKit renders in shadow DOM, Latch in its own root). Checked once per animation
// frame, in a requestAnimationFrame callback, i.e. on what the browser is about to paint.

function installProbe({ buttonText, walletText, addressTail }) {
  const probe = {};
  window.__benchProbe = probe;

  const visible = (element) => {
    if (!element?.isConnected) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    return element.checkVisibility ? element.checkVisibility({ visibilityProperty: true }) : true;
  };

  /** The visible element holding a text node that `matches`, through open shadow roots, or null. */
  const findMatch = (matches, root = document) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const owner = node.parentElement ?? node.parentNode?.host;
        if (matches(node.data) && visible(owner)) return owner;
      } else if (node.shadowRoot) {
        const inShadow = findMatch(matches, node.shadowRoot);
        if (inShadow) return inShadow;
      }
    }
    return null;
  };
  const findText = (text) => findMatch((data) => data.includes(text));
  const centreOf = (element) => {
    const box = element?.getBoundingClientRect();
    return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
  };

  // Navigation start is performance's time origin, so performance.now() is "ms since navigation".
  const watchButton = () => {
    if (findText(buttonText)) probe.buttonVisibleAt = performance.now();
    else requestAnimationFrame(watchButton);
  };
  requestAnimationFrame(watchButton);

  /** Centre of the connect button, in CSS pixels, for a real mouse click. */
  probe.buttonCentre = () => centreOf(findText(buttonText));
  /** Centre of the mock wallet's entry in the open modal, or null while it is not visible. */
  probe.walletCentre = () => centreOf(findText(walletText));

  // Reload runs only: the connected address, however each kit shortens it ("0x19…", "0x1234…abcd"): a visible
  // text holding "0x" and the address's last four hex digits, in any letter case.
  if (addressTail) {
    const tail = addressTail.toLowerCase();
    const watchAddress = () => {
      if (findMatch((data) => data.includes('0x') && data.toLowerCase().includes(tail))) probe.addressVisibleAt = performance.now();
      else requestAnimationFrame(watchAddress);
    };
    requestAnimationFrame(watchAddress);
  }

  /**
   * Arms the click → wallet-list measure, the way a visitor sees it: from the trusted click event
   * (its own time stamp) to the first animation frame whose paint holds a wallet-list entry with a
   * non-empty box. Frame 1 is the first frame after the click; `ms` is read in that frame.
   */
  probe.armOpen = () => {
    if (findText(walletText)) throw new Error(`"${walletText}" is visible before the click`);
    probe.opened = new Promise((resolve) => {
      const onClick = (event) => {
        if (!event.isTrusted) return;
        window.removeEventListener('click', onClick, { capture: true });
        const start = event.timeStamp;
        let frames = 0;
        const poll = () => {
          frames += 1;
          if (findText(walletText)) resolve({ frames, ms: performance.now() - start });
          else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      };
      window.addEventListener('click', onClick, { capture: true });
    });
  };
}

/** Source for `page.addInitScript({ content })`. */
export function probeInitScript(texts) {
  return `(${installProbe.toString()})(${JSON.stringify(texts)});`;
}
