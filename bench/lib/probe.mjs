// In-page timing, installed with addInitScript before any of the page's code runs. "Visible" means
// laid out with a non-empty box and not hidden by display or visibility (a fade's opacity does not
// count: what is painted at low opacity is painted), searched through the document and every open
// shadow root (AppKit renders in shadow DOM, Latch in its own root). Checked once per animation
// frame, in a requestAnimationFrame callback, i.e. on what the browser is about to paint.

function installProbe({ buttonText, walletText, addressTail, reportPrefix }) {
  const probe = {};
  window.__benchProbe = probe;
  /**
   * Keeps a time on the probe and tells the harness through the console: it waits for that message rather than
   * polling the page, because Playwright's first evaluation in a new document injects its own script (≈330 kB, a
   * 13–19 ms task on the page's main thread), which would land on the path being timed.
   */
  const mark = (name) => {
    const at = performance.now();
    probe[name] = at;
    console.debug(`${reportPrefix}${name}=${at}`);
  };

  const visible = (element) => {
    if (!element?.isConnected) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    return element.checkVisibility ? element.checkVisibility({ visibilityProperty: true }) : true;
  };

  /** A text's own painted box (it may overflow an element laid out at zero width while it animates open). */
  const textVisible = (node, owner) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && (owner.checkVisibility ? owner.checkVisibility({ visibilityProperty: true }) : true);
  };

  /**
   * The visible element holding a text node that `matches` (given the text and its element), through open shadow
   * roots, or null. `byText`: judge by the text's own box rather than its element's.
   */
  const findMatch = (matches, root = document, byText = false) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const owner = node.parentElement ?? node.parentNode?.host;
        if (owner && matches(node.data, owner) && (byText ? textVisible(node, owner) : visible(owner))) return owner;
      } else if (node.shadowRoot) {
        const inShadow = findMatch(matches, node.shadowRoot, byText);
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
    if (findText(buttonText)) mark('buttonVisibleAt');
    else requestAnimationFrame(watchButton);
  };
  requestAnimationFrame(watchButton);

  /** Centre of the connect button, in CSS pixels, for a real mouse click. */
  probe.buttonCentre = () => centreOf(findText(buttonText));
  /** Centre of the mock wallet's entry in the open modal, or null while it is not visible. */
  probe.walletCentre = () => centreOf(findText(walletText));

  // Reload runs only: the connected address, however each kit shortens it ("0x19…", "0x1234…abcd"): a visible
  // text holding the address's last four hex digits, in any letter case, in an element whose text holds "0x".
  if (addressTail) {
    const tail = addressTail.toLowerCase();
    const watchAddress = () => {
      // The tail's text node and "0x" may be apart ("0x19E7", "••••", "ff2A" as three nodes of one element).
      const shows = (data, owner) => data.toLowerCase().includes(tail) && owner.textContent.includes('0x');
      if (findMatch(shows, document, true)) mark('addressVisibleAt');
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

/** What starts the console message that carries a probe mark: `<prefix><name>=<ms since navigation>`. */
export const PROBE_REPORT_PREFIX = '__benchProbe:';

/** Source for `page.addInitScript({ content })`. */
export function probeInitScript(texts) {
  return `(${installProbe.toString()})(${JSON.stringify({ ...texts, reportPrefix: PROBE_REPORT_PREFIX })});`;
}

/**
 * Resolves with the time the page reports for probe mark `name` (ms since its navigation), from the console message
 * the probe writes, or rejects naming `what` after `timeoutMs`. Call it before the navigation whose mark it waits
 * for: nothing is evaluated in the page meanwhile.
 */
export async function nextProbeMark(page, name, what, timeoutMs) {
  const head = `${PROBE_REPORT_PREFIX}${name}=`;
  const message = await page.waitForEvent('console', { predicate: (m) => m.text().startsWith(head), timeout: timeoutMs }).catch(() => {
    throw new Error(`${what} did not happen within ${timeoutMs} ms`);
  });
  return Number(message.text().slice(head.length));
}
