// Loopback fakes of the providers' HTTP APIs, for contract tests and `bench/pipeline --providers fake`.
export { FakeHttpServer, type FakeHandler, type FakeReply, type RecordedRequest } from './fake-http.ts';
export { createFakeOpenAi } from './fake-openai.ts';
export { createFakeElevenLabs, FAKE_ELEVENLABS_VOICES, type FakeElevenLabsVoice } from './fake-elevenlabs.ts';
export { FakeReplicate } from './fake-replicate.ts';
export { FakeFal } from './fake-fal.ts';
