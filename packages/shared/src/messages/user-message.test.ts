import { describe, expect, it } from 'vitest';
import { genericErrorMessage, insufficientCreditsMessage, readError, toUserMessage, userMessages } from './user-message.ts';

const GENERIC = 'An error occurred. Please try again.';
const CREDITS = 'Your account has insufficient credits. Please upgrade your plan or wait for your quota to reset.';
const SESSION = 'Your session has expired. Please log in again.';
const NOT_FOUND = 'The requested resource was not found. Please refresh and try again.';
const NETWORK = 'Network error. Please check your connection and try again.';
const RATE = 'Too many requests. Please wait a moment and try again.';

describe('exported strings', () => {
  it('match the specification', () => {
    expect(genericErrorMessage).toBe(GENERIC);
    expect(userMessages).toEqual({
      generic: GENERIC,
      insufficientCredits: CREDITS,
      upgradeOrWait: 'Please upgrade your plan or wait for your quota to reset.',
      sessionExpired: SESSION,
      notFound: NOT_FOUND,
      network: NETWORK,
      rateLimited: RATE,
    });
  });
});

describe('toUserMessage: no error', () => {
  it.each([[null], [undefined], [''], ['   '], [new Error('')], [{}], [{ message: '' }], [Symbol('x')]])(
    '%s gives the generic message',
    (value) => {
      expect(toUserMessage(value)).toBe(GENERIC);
    },
  );
});

describe('toUserMessage: credits (reasons insufficient_credits and quota)', () => {
  it('quotes the remaining/required sentence when the text holds it', () => {
    expect(
      toUserMessage({ reason: 'insufficient_credits', message: 'Insufficient credits. You have 3 credits remaining, but 10 credits are required for this action.' }),
    ).toBe('You have 3 credits remaining, but 10 credits are required. Please upgrade your plan or wait for your quota to reset.');
  });
  it('capitalises the sentence and accepts singular credit and thousands', () => {
    expect(toUserMessage({ data: { reason: 'quota' }, message: 'quota exceeded: you have 1 credit remaining, but 1,200 credits are required' })).toBe(
      'You have 1 credit remaining, but 1,200 credits are required. Please upgrade your plan or wait for your quota to reset.',
    );
  });
  it.each([
    { reason: 'quota', message: 'You have used all videos of your plan for this period. Please upgrade your plan or wait for your quota to reset.' },
    { reason: 'insufficient_credits', message: 'anything at all' },
    { body: { reason: 'insufficient_credits' }, message: '' },
  ])('%o gives the fixed credits message', (error) => {
    expect(toUserMessage(error)).toBe(CREDITS);
  });
  it('wins over the status (spec order)', () => {
    expect(toUserMessage({ status: 404, reason: 'quota', message: 'x' })).toBe(CREDITS);
    expect(toUserMessage({ status: 429, reason: 'insufficient_credits', message: 'x' })).toBe(CREDITS);
  });
  it('the words alone are not a reason: the text is shown as is', () => {
    expect(toUserMessage({ reason: 'invalid_input', message: 'Quota exceeded' })).toBe('Quota exceeded.');
    expect(toUserMessage('Insufficient credits')).toBe('Insufficient credits.');
  });
  it('insufficientCreditsMessage works on its own', () => {
    expect(insufficientCreditsMessage('nothing here')).toBe(CREDITS);
    expect(insufficientCreditsMessage('You have 0 credits remaining but 5 credits are required')).toBe(
      'You have 0 credits remaining but 5 credits are required. Please upgrade your plan or wait for your quota to reset.',
    );
  });
});

describe('toUserMessage: the reason picks the sentence', () => {
  it.each([
    ['unauthorized', SESSION],
    ['not_found', NOT_FOUND],
    ['project_not_found', NOT_FOUND],
    ['network', NETWORK],
    ['rate_limited', RATE],
  ] as const)('%s', (reason, sentence) => {
    expect(toUserMessage({ reason, message: 'whatever the server said' })).toBe(sentence);
    // Where tRPC puts it, and where an ApiError keeps the answer's body.
    expect(toUserMessage({ data: { reason }, message: 'x' })).toBe(sentence);
    expect(toUserMessage({ body: { reason }, message: 'x', status: 400 })).toBe(sentence);
  });
  it('a failure without a reason takes its status\'s (an answer from a proxy, say)', () => {
    expect(toUserMessage({ status: 401, message: 'Unauthorized' })).toBe(SESSION);
    expect(toUserMessage({ data: { httpStatus: 404 }, message: '<html>' })).toBe(NOT_FOUND);
    expect(toUserMessage({ statusCode: 429 })).toBe(RATE);
    expect(toUserMessage('401: Unauthorized')).toBe(SESSION);
    expect(toUserMessage('404: {"error":"Project not found"}')).toBe(NOT_FOUND);
    expect(toUserMessage('Error: 429: slow down')).toBe(RATE);
  });
  it('the body\'s reason wins over the status\'s', () => {
    expect(toUserMessage({ status: 403, body: { reason: 'unauthorized' }, message: 'x' })).toBe(SESSION);
  });
  it('an unknown reason is ignored', () => {
    expect(toUserMessage({ reason: 'made_up', message: 'Shown as is' })).toBe('Shown as is.');
  });
  it('message text never decides: words that once matched are shown as is', () => {
    for (const text of ['Unauthorized', 'Project not found', 'Failed to fetch', 'Rate limit exceeded', 'Request failed with status 401']) {
      expect(toUserMessage(new Error(text))).toBe(`${text}.`);
    }
  });
});

describe('toUserMessage: raw JSON or status text', () => {
  it('shows the JSON error field', () => {
    expect(toUserMessage('500: {"error":"Scene generation crashed","message":"other"}')).toBe('Scene generation crashed');
  });
  it('then the JSON message field', () => {
    expect(toUserMessage('500: {"message":"Video model exploded"}')).toBe('Video model exploded');
    expect(toUserMessage('{"message":"Bare JSON body"}')).toBe('Bare JSON body');
    expect(toUserMessage({ message: '400: {"error":{"message":"Nested reason"}}' })).toBe('Nested reason');
  });
  it('reads a cut-short JSON body by hand', () => {
    expect(toUserMessage('500: {"error":"Half \\"quoted\\" text","trace":[1,2')).toBe('Half "quoted" text');
  });
  it('else the text before the first brace', () => {
    expect(toUserMessage('Server said: {"code":17}')).toBe('Server said');
    expect(toUserMessage('Invalid value {x}')).toBe('Invalid value');
  });
  it('else the generic message', () => {
    expect(toUserMessage('500: {"code":17}')).toBe(GENERIC);
    expect(toUserMessage('{"code":17}')).toBe(GENERIC);
    expect(toUserMessage('Error: {"code":17}')).toBe(GENERIC);
    expect(toUserMessage('500:')).toBe(GENERIC);
  });
  it('shows status text after a status code as is', () => {
    expect(toUserMessage('500: Internal Server Error')).toBe('Internal Server Error');
    expect(toUserMessage('503: Service Unavailable')).toBe('Service Unavailable');
    expect(toUserMessage({ status: 500, message: '500: Internal Server Error' })).toBe('Internal Server Error');
  });
  it('never chooses a sentence from the text: only the reason does', () => {
    expect(toUserMessage('500: {"error":"Failed to fetch upstream"}')).toBe('Failed to fetch upstream');
    expect(toUserMessage({ message: 'Quota not found', reason: 'invalid_input' })).toBe('Quota not found.');
  });
});

describe('toUserMessage: otherwise', () => {
  it('strips a leading Error: and adds a period', () => {
    expect(toUserMessage('Error: Something broke')).toBe('Something broke.');
    expect(toUserMessage('error:   lower case')).toBe('lower case.');
    expect(toUserMessage(new Error('Scene 2 is empty'))).toBe('Scene 2 is empty.');
  });
  it('keeps an existing final punctuation', () => {
    expect(toUserMessage('Already done.')).toBe('Already done.');
    expect(toUserMessage('Really?')).toBe('Really?');
    expect(toUserMessage('Stop!')).toBe('Stop!');
  });
  it('gives the generic message when only Error: remains', () => {
    expect(toUserMessage('Error:')).toBe(GENERIC);
  });
  it('reads objects carrying an error field and plain numbers', () => {
    expect(toUserMessage({ error: 'Bad script' })).toBe('Bad script.');
    expect(toUserMessage({ status: 500 })).toBe(GENERIC);
  });
});

describe('readError', () => {
  it('reads text, status, name and reason', () => {
    const notAllowed = Object.assign(new Error('play() failed'), { name: 'NotAllowedError' });
    expect(readError(notAllowed)).toEqual({ text: 'play() failed', status: undefined, name: 'NotAllowedError', reason: undefined });
    expect(readError({ message: ' x ', status: 403 })).toEqual({ text: 'x', status: 403, name: undefined, reason: 'forbidden' });
    expect(readError({ message: 'x', data: { httpStatus: 400, reason: 'invalid_speed' } })).toEqual({ text: 'x', status: 400, name: undefined, reason: 'invalid_speed' });
    expect(readError('  y ')).toEqual({ text: 'y', status: undefined, name: undefined, reason: undefined });
    expect(readError(undefined)).toEqual({ text: '', status: undefined, name: undefined, reason: undefined });
  });
});
