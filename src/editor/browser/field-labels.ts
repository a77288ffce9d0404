/** What the editor's configuration says of one field: a Sveltia field with its label and the fields it holds. */
interface ConfigField {
  name: string;
  label?: string;
  fields?: ConfigField[];
  field?: ConfigField;
  /** A list of typed entries (a campaign page's blocks): each type's fields. */
  types?: { name: string; fields?: ConfigField[] }[];
}

interface ConfigCollection {
  label?: string;
  folder?: string;
  fields?: ConfigField[];
  files?: { label?: string; file: string; fields?: ConfigField[] }[];
}

/** Where a value of a content file is shown in the editor: its entry (or collection) and the field's label. */
export interface FieldPlace {
  entry: string;
  /** The field's label, its parents' first ("Rechtliche Angaben › Straße"); none for a key without a field. */
  field?: string;
}

/** A key path's parts: "blocks[2].headline" is blocks, the list's third entry, headline. */
const partsOf = (key: string): (string | number)[] =>
  key.split(".").flatMap((part) => {
    const [name = part, ...indices] = part.split("[");
    return [name, ...indices.map((index) => Number.parseInt(index, 10))];
  });

/**
 * The label of the field at a key path ("legal.street", "blocks[2].headline"), through the fields it sits in; none if
 * it has no field. A list's entry is counted from 1 after the list's label ("Blöcke 3 › Überschrift").
 */
function labelAt(fields: ConfigField[] | undefined, key: (string | number)[]): string | undefined {
  const [name, ...after] = key;
  const field = fields?.find((candidate) => candidate.name === name);
  if (!field) return undefined;
  const entry = typeof after[0] === "number" ? after.shift() : undefined;
  const own = `${field.label ?? field.name}${entry === undefined ? "" : ` ${(entry as number) + 1}`}`;
  if (after.length === 0) return own;
  // A list of one field (`field:`) names the list; a list of objects (`fields:`) or of typed entries (`types:`)
  // names its entry's field.
  const inner = labelAt(
    field.fields ?? (field.field ? [field.field] : field.types?.flatMap((type) => type.fields ?? [])),
    after,
  );
  return inner && `${own} › ${inner}`;
}

/** A collection's folder template (`content/{{locale}}/pages`) as a test of a file's path. */
const folderTest = (folder: string) =>
  new RegExp(`^${folder.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("\\{\\{locale\\}\\}", "[^/]+")}/`);

/**
 * Where each content file's values are in the editor, read from the configuration Sveltia was given (its labels are
 * in the interface's language): so a message can name the field an author sees, not the file's key.
 */
export function placesIn(config: { collections?: ConfigCollection[] }): (file: string, key?: string) => FieldPlace {
  return (file, key) => {
    const path = key === undefined ? [] : partsOf(key);
    for (const collection of config.collections ?? []) {
      const one = collection.files?.find((entry) => entry.file === file || folderTest(entry.file).test(`${file}/`));
      if (one) return { entry: one.label ?? file, field: path.length ? labelAt(one.fields, path) : undefined };
      const folder = collection.folder === undefined ? undefined : folderTest(collection.folder);
      if (folder?.test(file))
        return {
          entry: `${collection.label ?? collection.folder} › ${file.replace(folder, "").replace(/\.md$/, "")}`,
          field: path.length ? labelAt(collection.fields, path) : undefined,
        };
    }
    return { entry: file };
  };
}

/**
 * placesIn of the configuration at `url` (the interface language's, EditorData's `config`), fetched once for whoever
 * names a value by its field; where it cannot be read, each value is named by its file.
 */
export const placesAt = (url: string): Promise<(file: string, key?: string) => FieldPlace> =>
  fetch(url)
    .then((response) => response.json() as Promise<Parameters<typeof placesIn>[0]>)
    .then(
      placesIn,
      () =>
        (file: string): FieldPlace => ({ entry: file }),
    );
