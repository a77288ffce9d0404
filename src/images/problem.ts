/**
 * Why an image cannot be used, without naming a file: the content loader names the page, line and key
 * that use the image, so the same image used by two pages is reported for each, and no path of the build
 * machine is ever printed.
 */
export class ImageProblem extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = "ImageProblem";
  }
}
