/** Images the test controls: each one created is kept, so the test decides if and when it loads or fails. */
export class HeldImage {
  static made: HeldImage[] = [];
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  referrerPolicy = '';
  src = '';
  constructor() {
    HeldImage.made.push(this);
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
}
