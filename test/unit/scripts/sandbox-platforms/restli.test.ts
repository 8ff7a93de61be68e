import { describe, expect, it } from 'vitest';
import {
  parseRestli,
  RestliSyntaxError,
  rawQueryParam,
  restliQueryParameters,
  restliVariables,
  toRestli,
} from '../../../../scripts/sandbox-platforms/restli';

describe('the Rest.li parser of the sandbox LinkedIn', () => {
  it('reads records, lists and percent-encoded primitives', () => {
    expect(
      parseRestli(
        '(start:0,origin:GLOBAL_SEARCH_HEADER,query:(keywords:head%20of%20sales,flagshipSearchIntent:SEARCH_SRP,queryParameters:List((key:resultType,value:List(PEOPLE)),(key:network,value:List(S,O)))),includeFiltersInResponse:false)',
      ),
    ).toEqual({
      start: '0',
      origin: 'GLOBAL_SEARCH_HEADER',
      query: {
        keywords: 'head of sales',
        flagshipSearchIntent: 'SEARCH_SRP',
        queryParameters: [
          { key: 'resultType', value: ['PEOPLE'] },
          { key: 'network', value: ['S', 'O'] },
        ],
      },
      includeFiltersInResponse: 'false',
    });
    expect(parseRestli('List()')).toEqual([]);
    expect(parseRestli('()')).toEqual({});
  });

  it('takes URNs encoded, or raw with colons and balanced parentheses, as LinkedIn does', () => {
    const encoded = parseRestli(
      '(count:10,socialDetailUrn:urn%3Ali%3Afsd_socialDetail%3A%28urn%3Ali%3Aactivity%3A1%2Curn%3Ali%3Aactivity%3A1%2Curn%3Ali%3AhighlightedReply%3A-%29)',
    );
    const raw = parseRestli(
      '(count:10,socialDetailUrn:urn:li:fsd_socialDetail:(urn:li:activity:1,urn:li:activity:1,urn:li:highlightedReply:-))',
    );
    expect(raw).toEqual(encoded);
    expect(raw).toEqual({
      count: '10',
      socialDetailUrn:
        'urn:li:fsd_socialDetail:(urn:li:activity:1,urn:li:activity:1,urn:li:highlightedReply:-)',
    });
  });

  it('writes what it reads', () => {
    const value = {
      start: '20',
      query: {
        keywords: 'VP Sales, (EMEA): "growth"',
        queryParameters: [{ key: 'resultType', value: ['FOLLOWERS'] }],
      },
      threadUrn: 'urn:li:activity:7211111111111111111',
    };
    expect(parseRestli(toRestli(value))).toEqual(value);
    expect(toRestli({ a: ['x', 'y'] })).toBe('(a:List(x,y))');
  });

  it('reads variables sent raw or encoded once more, and the query parameters list', () => {
    const vars = toRestli({
      start: '0',
      query: { queryParameters: [{ key: 'resultType', value: ['PEOPLE'] }] },
    });
    const raw = `?includeWebMetadata=true&variables=${vars}&queryId=x.y`;
    const encoded = `?${new URLSearchParams({ includeWebMetadata: 'true', variables: vars, queryId: 'x.y' })}`;
    expect(restliVariables(raw)).toEqual(restliVariables(encoded));
    expect(rawQueryParam(raw, 'queryId')).toBe('x.y');
    expect(
      restliQueryParameters((restliVariables(raw).query as { queryParameters: never }).queryParameters),
    ).toEqual(new Map([['resultType', ['PEOPLE']]]));
  });

  it('refuses what is not Rest.li', () => {
    for (const bad of ['(a:1', '(a:(b:1)', 'List(a', '(a:1)x', '(:1)'])
      expect(() => parseRestli(bad), bad).toThrow(RestliSyntaxError);
    expect(() => restliVariables('?queryId=x')).toThrow(RestliSyntaxError);
  });
});
