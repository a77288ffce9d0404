import { fill } from "../content/rules/interpolate.ts";
import type { ImageSet } from "../images/types.ts";
import { Picture } from "./Picture.tsx";

/** Who wrote a page: "By Jana Weber, AI consultant", with the author's photo where site.yaml gives one. */
export function Byline({ copy, name, role, photo }: { copy: string; name: string; role?: string; photo?: ImageSet }) {
  return (
    <p className="byline">
      {photo ? <Picture image={photo} alt="" sizes="40px" /> : null}
      <span>{`${fill(copy, { name })}${role ? `, ${role}` : ""}`}</span>
    </p>
  );
}
