// What a customer's project holds once the wizard has run: a three-scene script, the voice choices,
// and the media URLs of each step (about 3 KiB of JSON per project, as real rows have).

const sceneIds = ['scene-1', 'scene-2', 'scene-3'] as const;

export const sampleScenes = [
  'Hi, I am Maya, and this little bottle changed my mornings. I used to spend twenty minutes on my skin, now it takes two, and honestly it feels better than ever.',
  'Here is how it works. One pump on clean skin, pat it in gently, and wait ten seconds. It soaks in fast, there is no sticky feeling, and makeup goes on smooth.',
  'After two weeks my friends started asking what I changed. So try it yourself, tap the link below, and use my code for your first order. You will thank me later.',
].map((text, i) => ({ sceneId: sceneIds[i]!, title: `Scene ${i + 1}`, text, durationSeconds: 10, wordCount: text.split(/\s+/).length }));

export const sampleParams = {
  script: sampleScenes.map((s) => s.text).join(' '),
  aspect: '9:16',
  voiceover: { voiceId: 'local-en-us-f1', language: 'en-US', gender: 'female', age: 'adult', speed: 1 },
  avatar: { combinedPrompt: 'A friendly woman in her 30s with curly red hair in a bright bathroom, natural light', model: 'google-imagen-4-ultra' },
  video: { quality: 'standard' },
  final: { transition: 'fade' },
};

const media = (name: string) => `/media/bench/${name}`;
const perScene = (kind: string) => Object.fromEntries(sceneIds.map((id) => [id, media(`${kind}-${id}.mp4`)]));

export const wizardAssets = {
  voiceover: Object.fromEntries(sceneIds.map((id) => [id, media(`voice-${id}.m4a`)])),
  avatar: { selected: 0, variations: [0, 1, 2, 3].map((i) => media(`avatar-${i}.png`)) },
  product: media('product.png'),
  avatar_product: { selected: 1, variations: [0, 1, 2, 3].map((i) => media(`avatar-product-${i}.png`)) },
  video_generated: perScene('generated'),
  video_synced: perScene('synced'),
  video_durations: Object.fromEntries(sceneIds.map((id) => [id, 10])),
};

export const finishedAssets = {
  ...wizardAssets,
  final: { type: 'single', url: media('final.mp4'), posterUrl: media('avatar-product-1.png'), durationSeconds: 30, mergedAt: '2026-11-22T12:00:00.000Z' },
};
