// Uploaded images: content checks and normalisation, and the offline product compositor.
export {
  AVATAR_UPLOAD_MESSAGES,
  ImageUploadError,
  MAX_NORMALISED_SIDE,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
  PRODUCT_UPLOAD_MESSAGES,
  decodeDataUrl,
  detectAspect,
  inspectImage,
  normaliseImage,
  sniffImageType,
  uploadMessages,
  type DecodedDataUrl,
  type ImageInspection,
  type ImageKind,
  type ImageUploadErrorCode,
  type InspectOptions,
  type NormalisedImage,
  type UploadPurpose,
} from './upload-check.ts';
export { LocalProductCompositor, PRODUCT_LAYOUTS, ProductCompositeError, prepareProduct, type PreparedProduct } from './product-compositor.ts';
export { keepClearAreas, type KeepClearPictures } from './keep-clear.ts';
