export { LocalSceneWriter, SceneValidationError, balanceGroups } from './local-scene-writer.ts';
export { LocalAvatarPromptWriter } from './local-avatar-prompt-writer.ts';
export { splitSentences } from './sentences.ts';
