// Run by loadWithWatchdog (watchdog.ts) in a child process of its own: loads the content folder given, with
// the build's image service where a cache folder is given, and prints the problems an author would read, as JSON.
import { ContentErrors } from "../../../src/content/read/errors.ts";
import { loadContent } from "../../../src/content/load.ts";
import { imageService } from "../../../src/pipeline/images/service.ts";

const [dir, imagesCache] = process.argv.slice(2);
const options = imagesCache ? { images: imageService(imagesCache).service } : {};
const messages = await loadContent(dir, options).then(
  () => [],
  (error: unknown) => {
    if (error instanceof ContentErrors) return error.errors.map((problem) => problem.message);
    throw error;
  },
);
process.stdout.write(JSON.stringify(messages));
// The image service's workers would keep the process alive.
process.exit(0);
