import sharp from "sharp";
const [file, out, w, h, parts] = process.argv.slice(2);
const meta = await sharp(file).metadata();
const ph = Math.ceil(meta.height! / Number(parts));
for (let i = 0; i < Number(parts); i++) {
  const top = i * ph; const height = Math.min(ph, meta.height! - top);
  await sharp(file).extract({ left: 0, top, width: meta.width!, height }).toFile(`${out}-${i}.png`);
}
