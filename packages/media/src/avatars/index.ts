// The illustrated avatar engine: description traits, drawn settings and the offline AvatarImager.
export {
  CLOTHING_COLOURS,
  SETTINGS,
  describeTraits,
  readDescription,
  type AgeBand,
  type AvatarTraits,
  type ClothingType,
  type Gender,
  type HairColour,
  type HairStyle,
  type Setting,
  type SkinTone,
} from './description-traits.ts';
export { sceneBackgroundSvg, type SceneOptions, type SceneTreatment } from './scene-backgrounds.ts';
export { avatarLook, MOUTH_CLOSED, MOUTH_OPEN, type AvatarLook } from './avatar-look.ts';
export { presenterBox, presenterFaceY, type PresenterBox } from './presenter-layout.ts';
export { AVATAR_STYLE_CREDIT, AvatarRequestError, avatarsWithSideFrames, LocalAvatarImager, MAX_VARIATIONS } from './local-avatar-imager.ts';
