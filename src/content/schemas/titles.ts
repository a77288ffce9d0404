import { visibleLength } from "../../shared/form/text.ts";
/** Search results show about 60 characters of a title and cut the rest ("… – Leap A…"). */
export const TITLE_MAX_LENGTH = 60;
const SUFFIX_SEPARATOR = " – ";

/**
 * A page's <title>: its own title and the company's name ("Einblicke – Leap AI") where both fit into
 * TITLE_MAX_LENGTH, its own title alone where the name would push it over, so that no result is cut.
 * The schemas hold every title an author writes to that length.
 */
export function documentTitle(title: string, company: string): string {
  const withCompany = `${title}${SUFFIX_SEPARATOR}${company}`;
  return visibleLength(withCompany) <= TITLE_MAX_LENGTH ? withCompany : title;
}
