import { ContentErrors } from "../src/content/errors.ts";
import { build, OutputError } from "../src/build/index.ts";

try {
  const { files, timings } = await build();
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    `Built ${files.length} pages into dist/ in ${ms(timings.total)} ` +
      `(content ${ms(timings.content)}, bundle ${ms(timings.bundle)}, render ${ms(timings.render)}, validate ${ms(timings.validate)})`,
  );
} catch (error) {
  if (error instanceof ContentErrors) {
    console.error(`Content problems (dist/ was left as it was):\n${error.errors.map((e) => `  ${e.message}`).join("\n")}`);
  } else if (error instanceof OutputError) {
    console.error(`The built pages failed their checks (dist/ was left as it was):\n${error.problems.map((p) => `  ${p}`).join("\n")}`);
  } else {
    throw error;
  }
  process.exitCode = 1;
}
