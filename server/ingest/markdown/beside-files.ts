/**
 * A link to a file that lies beside the page ("[ici](ressources/exercice.c)", "[slides](../pdf/week1.pdf)"): the book
 * keeps web and mail links only, and such a link's words ("ici", "here") name nothing once its target is gone, so the
 * file's path is shown after them. A link to another page of the site (".html", ".md") or to a place on the page ("#...")
 * names no file a reader could look for.
 */

const page = /\.(?:html?|xhtml|md|markdown|mdx|qmd|rmd|php|aspx?|jsp)$/i;

/** The path a relative link names when it is a file (with an extension, not a page of the site); undefined otherwise. */
export function besideFile(href: string): string | undefined {
  const path = href.trim().replace(/[?#].*$/, '');
  if (!path || /^(?:[a-z][\w+.-]*:|\/\/)/i.test(path)) return undefined;
  if (!/[^/]\.[A-Za-z0-9]{1,5}$/.test(path) || page.test(path)) return undefined;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
