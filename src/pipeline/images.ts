// TEMPORARY stub until the images helper's module lands.
export interface ImageVariant { url: string; width: number }
export interface ImageSet { width: number; height: number; avif: ImageVariant[]; webp: ImageVariant[]; fallback: ImageVariant & { type: "image/png" | "image/jpeg" } }
