// Loopback fakes of the providers' HTTP APIs, for contract tests and `bench/pipeline --providers fake`.
export { FakeHttpServer, type FakeHandler, type FakeReply, type RecordedRequest } from './fake-http.ts';
export { createFakeOpenAi, OPENAI_OUT_OF_CREDIT } from './fake-openai.ts';
export { createFakeElevenLabs, ELEVENLABS_OUT_OF_CREDIT, FAKE_ELEVENLABS_VOICES, type FakeElevenLabsVoice } from './fake-elevenlabs.ts';
export { FAKE_REPLICATE_PRICES, FakeReplicate, REPLICATE_OUT_OF_CREDIT, type FakeCharge } from './fake-replicate.ts';
export { FAL_OUT_OF_CREDIT, FakeFal } from './fake-fal.ts';
export { FakeWebhooks, postWebhook, type WebhookDeliver, type WebhookPost } from './webhook-delivery.ts';
