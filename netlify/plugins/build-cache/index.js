// A local Netlify build plugin (netlify.toml): keeps the build's caches (node_modules/.cache/leap-ai-*: the last
// output, the loaded pages, the validated pages, the encoded images, the drawn cards) between Netlify builds, so
// that npm run build redoes only what a commit changed (README, "Incremental builds"). Netlify restores a
// folder only where it is missing, and saves it after a successful build.
const CACHES = ["node_modules/.cache"];

export const onPreBuild = async ({ utils }) => {
  await utils.cache.restore(CACHES);
};

export const onPostBuild = async ({ utils }) => {
  await utils.cache.save(CACHES);
};
