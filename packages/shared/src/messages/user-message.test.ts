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

describe('toUserMessage: credits', () => {
  it('quotes the remaining/required sentence', () => {
    expect(
      toUserMessage('Insufficient credits. You have 3 credits remaining, but 10 credits are required for this action.'),
    ).toBe('You have 3 credits remaining, but 10 credits are required. Please upgrade your plan or wait for your quota to reset.');
  });
  it('capitalises the sentence and accepts singular credit and thousands', () => {
    expect(toUserMessage('402: {"error":"quota exceeded: you have 1 credit remaining, but 1,200 credits are required"}')).toBe(
      'You have 1 credit remaining, but 1,200 credits are required. Please upgrade your plan or wait for your quota to reset.',
    );
  });
  it.each([
    'Quota exceeded',
    'Monthly QUOTA reached',
    'Insufficient credits',
    'insufficient credit',
    'Not enough credits to generate videos',
    'You have used all videos of your plan for this period. Please upgrade your plan or wait for your quota to reset.',
  ])('%s gives the fixed credits message', (text) => {
    expect(toUserMessage(text)).toBe(CREDITS);
  });
  it('wins over every later rule (spec order)', () => {
    expect(toUserMessage({ status: 404, message: 'Quota not found' })).toBe(CREDITS);
    expect(toUserMessage('401: Unauthorized - quota exceeded')).toBe(CREDITS);
    expect(toUserMessage('429 Too many requests: quota exceeded')).toBe(CREDITS);
    expect(toUserMessage('Network error while checking quota')).toBe(CREDITS);
    expect(toUserMessage('You have 401 credits remaining, but 404 credits are required')).toBe(
      'You have 401 credits remaining, but 404 credits are required. Please upgrade your plan or wait for your quota to reset.',
    );
  });
  it('insufficientCreditsMessage works on its own', () => {
    expect(insufficientCreditsMessage('nothing here')).toBe(CREDITS);
    expect(insufficientCreditsMessage('You have 0 credits remaining, but 5 credits are required')).toBe(
      'You have 0 credits remaining, but 5 credits are required. Please upgrade your plan or wait for your quota to reset.',
    );
  });
});

describe('toUserMessage: unauthorized', () => {
  it.each([
    'Unauthorized',
    'unauthorised',
    '401',
    '401: {"message":"Unauthorized"}',
    '401: Unauthorized',
    'Request failed with status 401',
  ])('%s', (text) => {
    expect(toUserMessage(text)).toBe(SESSION);
  });
  it('reads the status of objects and errors', () => {
    expect(toUserMessage({ status: 401, message: 'nope' })).toBe(SESSION);
    expect(toUserMessage({ statusCode: '401' })).toBe(SESSION);
    const error = Object.assign(new Error('Forbidden-ish'), { status: 401 });
    expect(toUserMessage(error)).toBe(SESSION);
  });
  it('wins over not found', () => {
    expect(toUserMessage('401: Unauthorized - project not found')).toBe(SESSION);
    expect(toUserMessage({ status: 404, message: 'Unauthorized' })).toBe(SESSION);
  });
  it('does not read 401 inside a longer number', () => {
    expect(toUserMessage('Order 4012 failed')).toBe('Order 4012 failed.');
  });
});

describe('toUserMessage: not found', () => {
  it.each(['Not Found', 'Project not found', '404', '404: {"error":"Project not found"}', 'Error: resource NOT FOUND'])(
    '%s',
    (text) => {
      expect(toUserMessage(text)).toBe(NOT_FOUND);
    },
  );
  it('reads the status', () => {
    expect(toUserMessage({ status: 404, message: '' })).toBe(NOT_FOUND);
    expect(toUserMessage({ status: 404, message: 'Something odd' })).toBe(NOT_FOUND);
  });
  it('wins over network and rate limit', () => {
    expect(toUserMessage('Network resource not found')).toBe(NOT_FOUND);
    expect(toUserMessage({ status: 429, message: 'Not found' })).toBe(NOT_FOUND);
  });
});

describe('toUserMessage: network', () => {
  it.each([
    'Failed to fetch',
    'TypeError: Failed to fetch',
    'fetch failed',
    'NetworkError when attempting to fetch resource.',
    'Network request failed',
    'Load failed',
    'connect ECONNREFUSED 127.0.0.1:3000',
    'read ECONNRESET',
  ])('%s', (text) => {
    expect(toUserMessage(text)).toBe(NETWORK);
  });
  it('reads Error objects', () => {
    expect(toUserMessage(new TypeError('Failed to fetch'))).toBe(NETWORK);
  });
  it('does not take an image load failure for the network', () => {
    expect(toUserMessage('Image load failed')).toBe('Image load failed.');
  });
  it('wins over rate limit', () => {
    expect(toUserMessage('Network rate limit')).toBe(NETWORK);
  });
});

describe('toUserMessage: rate limit', () => {
  it.each(['Rate limit exceeded', 'rate-limited', 'ratelimit hit', 'Too Many Requests', '429', '429: {"error":"slow down"}'])(
    '%s',
    (text) => {
      expect(toUserMessage(text)).toBe(RATE);
    },
  );
  it('reads the status', () => {
    expect(toUserMessage({ status: 429, message: 'slow down' })).toBe(RATE);
    expect(toUserMessage({ status: 429 })).toBe(RATE);
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
  it('keeps earlier rules first for raw JSON', () => {
    expect(toUserMessage('500: {"error":"Failed to fetch upstream"}')).toBe(NETWORK);
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
    expect(toUserMessage(404)).toBe(NOT_FOUND);
    expect(toUserMessage({ status: 500 })).toBe(GENERIC);
  });
});

describe('readError', () => {
  it('reads text, status and name', () => {
    const notAllowed = Object.assign(new Error('play() failed'), { name: 'NotAllowedError' });
    expect(readError(notAllowed)).toEqual({ text: 'play() failed', status: undefined, name: 'NotAllowedError' });
    expect(readError({ message: ' x ', status: 403 })).toEqual({ text: 'x', status: 403, name: undefined });
    expect(readError('  y ')).toEqual({ text: 'y', status: undefined, name: undefined });
    expect(readError(undefined)).toEqual({ text: '', status: undefined, name: undefined });
  });
});
