// The status prompt's line as tmux 3.3a's status_prompt_key edits it: a list of characters
// and a cursor, word moves by word-separators, C-w's cut that C-y yanks back, C-t's transpose.
// Pure: no keys, no options; prompt.ts maps keys onto these.

/** tmux's status_prompt_space: only an ASCII space counts as a blank. */
function isSpace(ch: string | undefined): boolean {
  return ch === " ";
}

/** status_prompt_in_list: a one-column ASCII character listed in `separators`. */
function inList(separators: string, ch: string | undefined): boolean {
  return ch !== undefined && ch.length === 1 && ch.charCodeAt(0) < 0x80 && separators.includes(ch);
}

export class LineEditor {
  chars: string[];
  index: number;
  /** What C-w cut last (tmux's prompt_saved), which C-y inserts instead of the top buffer; null before any. */
  saved: string[] | null = null;

  constructor(text: string) {
    this.chars = [...text];
    this.index = this.chars.length;
  }

  get text(): string {
    return this.chars.join("");
  }

  get size(): number {
    return this.chars.length;
  }

  /** The whole line replaced (history, completion of a window-target), the cursor at its end. */
  set(text: string): void {
    this.chars = [...text];
    this.index = this.chars.length;
  }

  left(): void {
    if (this.index > 0) this.index--;
  }

  right(): void {
    if (this.index < this.size) this.index++;
  }

  home(): void {
    this.index = 0;
  }

  end(): void {
    this.index = this.size;
  }

  /** Characters at the cursor; false when there was no printable text. */
  insert(text: string): boolean {
    const add = [...text];
    if (add.length === 0) return false;
    this.chars.splice(this.index, 0, ...add);
    this.index += add.length;
    return true;
  }

  /** BSpace: the character before the cursor goes. */
  backspace(): boolean {
    if (this.index === 0) return false;
    this.chars.splice(--this.index, 1);
    return true;
  }

  /** DC, C-d: the character under the cursor goes. */
  deleteChar(): boolean {
    if (this.index === this.size) return false;
    this.chars.splice(this.index, 1);
    return true;
  }

  /** C-u: tmux empties the whole line, not only what is before the cursor. */
  clear(): void {
    this.chars = [];
    this.index = 0;
  }

  /** C-k: from the cursor to the end goes. */
  killToEnd(): boolean {
    if (this.index >= this.size) return false;
    this.chars.length = this.index;
    return true;
  }

  /**
   * Where the word before the cursor starts (C-w, M-b, vi's b and B): back over blanks, then
   * over characters of the same class (separators or not) as the first one found.
   */
  private wordStart(separators: string): number {
    let idx = this.index;
    while (idx !== 0) {
      idx--;
      if (!isSpace(this.chars[idx])) break;
    }
    const separator = inList(separators, this.chars[idx]);
    while (idx !== 0) {
      idx--;
      if (isSpace(this.chars[idx]) || separator !== inList(separators, this.chars[idx])) {
        idx++;
        break;
      }
    }
    return idx;
  }

  /** C-w: the word before the cursor is cut, kept for C-y. */
  deleteWord(separators: string): void {
    const start = this.wordStart(separators);
    this.saved = this.chars.slice(start, this.index);
    this.chars.splice(start, this.index - start);
    this.index = start;
  }

  /** M-b, C-Left, vi b (B with no separators). */
  backwardWord(separators: string): void {
    this.index = this.wordStart(separators);
  }

  /**
   * M-f, C-Right (emacs: past blanks first, stopping at the word's end) and vi's w and W (to
   * the next word's start).
   */
  forwardWord(vi: boolean, separators: string): void {
    let idx = this.index;
    const size = this.size;
    if (!vi) while (idx !== size && isSpace(this.chars[idx])) idx++;
    if (idx === size) {
      this.index = idx;
      return;
    }
    const separator = inList(separators, this.chars[idx]) && !isSpace(this.chars[idx]);
    do {
      idx++;
      if (isSpace(this.chars[idx])) {
        if (vi) while (idx !== size && isSpace(this.chars[idx])) idx++;
        break;
      }
    } while (idx !== size && separator === inList(separators, this.chars[idx]));
    this.index = idx;
  }

  /** vi e and E: to the last character of this or the next word (past the end when none follows). */
  endWord(separators: string): void {
    let idx = this.index;
    const size = this.size;
    if (idx === size) return;
    do {
      idx++;
      if (idx === size) {
        this.index = idx;
        return;
      }
    } while (isSpace(this.chars[idx]));
    const separator = inList(separators, this.chars[idx]);
    do {
      idx++;
      if (idx === size) break;
    } while (!isSpace(this.chars[idx]) && separator === inList(separators, this.chars[idx]));
    this.index = idx - 1;
  }

  /** C-t: the characters before and under the cursor swap (the last two at the end), the cursor after them. */
  transpose(): boolean {
    let idx = this.index;
    if (idx < this.size) idx++;
    if (idx < 2) return false;
    const a = this.chars[idx - 2] as string;
    this.chars[idx - 2] = this.chars[idx - 1] as string;
    this.chars[idx - 1] = a;
    this.index = idx;
    return true;
  }

  /**
   * C-y (status_prompt_paste): what C-w cut, else the top paste buffer up to its first control
   * character, inserted at the cursor.
   */
  yank(topBuffer: string | null): boolean {
    if (this.saved !== null) return this.insert(this.saved.join(""));
    if (topBuffer === null) return false;
    let text = "";
    for (const ch of topBuffer) {
      const cp = ch.codePointAt(0) ?? 0;
      if (cp <= 31 || cp === 127) break;
      text += ch;
    }
    return this.insert(text);
  }

  /**
   * The word around the cursor as completion sees it (status_prompt_replace_complete): from the
   * blank before it to the blank after; null when the cursor is on blanks only.
   */
  wordAtCursor(): { start: number; end: number } | null {
    const idx = this.index === 0 ? 0 : this.index - 1;
    let first = idx;
    while (first > 0 && !isSpace(this.chars[first])) first--;
    while (first < this.size && isSpace(this.chars[first])) first++;
    let last = idx;
    while (last < this.size && !isSpace(this.chars[last])) last++;
    while (last > 0 && isSpace(this.chars[last])) last--;
    if (last < this.size) last++;
    return last < first ? null : { start: first, end: last };
  }

  /** The word at the cursor replaced by `text`, the cursor after it. */
  replaceWord(text: string): boolean {
    const word = this.wordAtCursor();
    if (!word) return false;
    const add = [...text];
    this.chars.splice(word.start, word.end - word.start, ...add);
    this.index = word.start + add.length;
    return true;
  }
}
