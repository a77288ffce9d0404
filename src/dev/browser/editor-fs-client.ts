// npm run dev only: a stand-in for window.showDirectoryPicker that hands the editor (Sveltia CMS, /admin/)
// the working copy's content/ through the dev server (editor-fs.ts), instead of a folder the author picks.
// The editor's "local repository" mode then reads and saves the files on disk, in any browser, and a
// browser test can drive it (Playwright cannot answer the real picker). The editor calls only what is
// implemented here: entries(), getDirectoryHandle(), getFileHandle(), removeEntry(), getFile(),
// createWritable() and move(), and on a handle it kept from an earlier visit queryPermission() and
// requestPermission().
import { watchSaves } from "./editor-save-status.ts";
import { EDITOR_FS_HEADER, EDITOR_FS_PATH } from "./protocol.ts";

/** Told of every file a save writes: the editor then shows whether the site built with it. */
const saves = watchSaves();

/** Writes a file's bytes; the dev server says whether they changed anything (it skips identical bytes). */
async function put(path: string, body: BlobPart): Promise<void> {
  saves.writing(path);
  try {
    const response = await call("file", path, { method: "PUT", body });
    const { written = false } = (await response.json().catch(() => ({}))) as { written?: boolean };
    saves.written(path, written);
  } catch (error) {
    saves.written(path, false);
    throw error;
  }
}

type Kind = "file" | "directory";

/**
 * Marks the stand-in's handles. The editor keeps the folder's handle in IndexedDB for the next visit; a real
 * handle comes back from there as a handle, but structured cloning keeps only a class instance's data, so
 * this mark tells which stored records to give their methods back (see the end of this file).
 */
const STAND_IN = "editor-fs";

/** The editor writes a save to a temporary file beside the target and then moves it into place; here it stays in memory until the move, so content/ never sees a half-written file. */
const isTemporary = (name: string) => name.startsWith(".sveltia-tmp-");

const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

function domError(name: string, message: string): DOMException {
  return new DOMException(message, name);
}

async function call(action: string, path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${EDITOR_FS_PATH}/${action}?path=${encodeURIComponent(path)}`, {
    ...init,
    headers: { [EDITOR_FS_HEADER]: "1" },
  });
  if (response.ok) return response;
  const { error = "UnknownError" } = (await response.json().catch(() => ({}))) as { error?: string };
  throw domError(error, `${init.method ?? "GET"} ${path}: ${response.status}`);
}

class WritableFile {
  private readonly parts: BlobPart[] = [];
  constructor(private readonly file: FileHandle) {}

  async write(data: BlobPart | { type: "write"; data: BlobPart }): Promise<void> {
    const plain =
      typeof data === "string" || data instanceof Blob || data instanceof ArrayBuffer || ArrayBuffer.isView(data);
    this.parts.push(plain ? data : data.data);
  }

  async close(): Promise<void> {
    await this.file.store(new Blob(this.parts));
  }
}

class FileHandle {
  readonly kind: Kind = "file";
  readonly standIn = STAND_IN;
  /** A temporary file's bytes, until move() puts them in place. */
  private pending?: Blob;
  constructor(
    public path: string,
    public name: string,
  ) {}

  async getFile(): Promise<File> {
    if (this.pending) return new File([this.pending], this.name);
    const response = await call("file", this.path);
    return new File([await response.blob()], this.name, {
      lastModified: Number(response.headers.get("x-last-modified")) || Date.now(),
    });
  }

  async createWritable(): Promise<WritableFile> {
    return new WritableFile(this);
  }

  async store(blob: Blob): Promise<void> {
    if (isTemporary(this.name)) this.pending = blob;
    else await put(this.path, blob);
  }

  async move(directory: DirectoryHandle, name: string): Promise<void> {
    const target = join(directory.path, name);
    const bytes = this.pending ?? (await this.getFile());
    await put(target, bytes);
    if (!this.pending) await call("entry", this.path, { method: "DELETE" });
    this.pending = undefined;
    this.path = target;
    this.name = name;
  }

  async queryPermission(): Promise<PermissionState> {
    return "granted";
  }

  async requestPermission(): Promise<PermissionState> {
    return "granted";
  }

  async isSameEntry(other: { path?: string }): Promise<boolean> {
    return other.path === this.path;
  }
}

class DirectoryHandle {
  readonly kind: Kind = "directory";
  readonly standIn = STAND_IN;
  constructor(
    readonly path: string,
    readonly name: string,
  ) {}

  async *entries(): AsyncGenerator<[string, FileHandle | DirectoryHandle]> {
    const listing = (await (await call("list", this.path)).json()) as { name: string; kind: Kind }[];
    for (const { name, kind } of listing) {
      const path = join(this.path, name);
      yield [name, kind === "directory" ? new DirectoryHandle(path, name) : new FileHandle(path, name)];
    }
  }

  async *values(): AsyncGenerator<FileHandle | DirectoryHandle> {
    for await (const [, handle] of this.entries()) yield handle;
  }

  async *keys(): AsyncGenerator<string> {
    for await (const [name] of this.entries()) yield name;
  }

  [Symbol.asyncIterator]() {
    return this.entries();
  }

  private async find(name: string): Promise<Kind | undefined> {
    for await (const [entry, handle] of this.entries()) if (entry === name) return handle.kind;
    return undefined;
  }

  async getDirectoryHandle(name: string, { create = false } = {}): Promise<DirectoryHandle> {
    const path = join(this.path, name);
    const kind = await this.find(name);
    if (kind === "file") throw domError("TypeMismatchError", `${path} is a file`);
    if (kind === undefined) {
      if (!create) throw domError("NotFoundError", `${path} does not exist`);
      await call("dir", path, { method: "PUT" });
    }
    return new DirectoryHandle(path, name);
  }

  async getFileHandle(name: string, { create = false } = {}): Promise<FileHandle> {
    const path = join(this.path, name);
    if (isTemporary(name)) return new FileHandle(path, name);
    const kind = await this.find(name);
    if (kind === "directory") throw domError("TypeMismatchError", `${path} is a folder`);
    if (kind === undefined) {
      if (!create) throw domError("NotFoundError", `${path} does not exist`);
      await call("file", path, { method: "PUT", body: "" });
    }
    return new FileHandle(path, name);
  }

  async removeEntry(name: string): Promise<void> {
    if (isTemporary(name)) return;
    await call("entry", join(this.path, name), { method: "DELETE" });
  }

  async queryPermission(): Promise<PermissionState> {
    return "granted";
  }

  async requestPermission(): Promise<PermissionState> {
    return "granted";
  }

  async isSameEntry(other: { path?: string }): Promise<boolean> {
    return other.path === this.path;
  }
}

Object.defineProperty(window, "showDirectoryPicker", {
  configurable: true,
  value: async () => new DirectoryHandle("", "working copy"),
});

// The editor asks the handles' classes what a handle can do (`"move" in FileSystemFileHandle.prototype` before
// each save). A browser without the File System API (WebKitGTK) has no such classes, and every save failed
// with "Can't find variable: FileSystemFileHandle": there the stand-in's classes are the handles' classes.
for (const [name, standIn] of [
  ["FileSystemFileHandle", FileHandle],
  ["FileSystemDirectoryHandle", DirectoryHandle],
] as const)
  if (!(name in window)) Object.defineProperty(window, name, { configurable: true, value: standIn });

/** A stand-in handle as IndexedDB gives it back: its data without its class. */
function revived(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const { standIn, kind, path, name } = value as Record<string, unknown>;
  if (standIn !== STAND_IN || typeof path !== "string" || typeof name !== "string") return value;
  return kind === "directory" ? new DirectoryHandle(path, name) : new FileHandle(path, name);
}

// On a later visit the editor reads the folder's handle back from IndexedDB and asks it for permission and its
// entries, as it would a real one: every value read from IndexedDB passes through revived(), which turns a
// stand-in's record into a working handle again and leaves everything else as it is.
const result = Object.getOwnPropertyDescriptor(IDBRequest.prototype, "result");
if (result?.get) {
  const read = result.get;
  Object.defineProperty(IDBRequest.prototype, "result", {
    ...result,
    get(this: IDBRequest) {
      return revived(read.call(this));
    },
  });
}
