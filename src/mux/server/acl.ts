// Who may use the server, as tmux's server-acl.c: the users server-access allowed (root and the
// owner from the start), each with write access or read-only. A client of any other user is
// refused as it connects ("access not allowed").

export class ServerAcl {
  /** uid → read-only; kept in uid order for -l, as tmux's tree. */
  private readonly users = new Map<number, { readOnly: boolean }>();

  constructor(readonly owner: number) {
    if (owner !== 0) this.allow(0);
    this.allow(owner);
  }

  has(uid: number): boolean {
    return this.users.has(uid);
  }

  allow(uid: number): void {
    if (!this.users.has(uid)) this.users.set(uid, { readOnly: false });
  }

  deny(uid: number): void {
    this.users.delete(uid);
  }

  isReadOnly(uid: number): boolean {
    return this.users.get(uid)?.readOnly === true;
  }

  setReadOnly(uid: number, readOnly: boolean): void {
    const u = this.users.get(uid);
    if (u) u.readOnly = readOnly;
  }

  /** The entries -l lists (root never), in uid order. */
  entries(): { uid: number; readOnly: boolean }[] {
    return [...this.users].filter(([uid]) => uid !== 0).sort((a, b) => a[0] - b[0]).map(([uid, u]) => ({ uid, readOnly: u.readOnly }));
  }
}
