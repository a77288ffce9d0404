// ico-endec ships no types (and is CommonJS: its functions hang off the default export); these are the two calls the build and its tests make.
declare module "ico-endec" {
  const icoEndec: {
    encode(images: (Buffer | ArrayBuffer)[]): Buffer;
    decode(ico: Buffer | ArrayBuffer): { width: number; height: number; imageType: "png" | "bmp"; imageData: Buffer }[];
  };
  export default icoEndec;
}
