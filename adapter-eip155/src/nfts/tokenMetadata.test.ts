import { describe, expect, it } from 'vitest';
import { decodeJsonDataUri, ipfsToGateway, metadataUrl, readMetadataJson, toImageUrl } from './tokenMetadata.js';

const noHosts = { hosts: [] };
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('decodeJsonDataUri', () => {
  it('decodes base64 (UTF-8) and percent-encoded JSON, with or without a charset', () => {
    expect(decodeJsonDataUri(`data:application/json;base64,${b64('{"name":"Ünïcode ✓"}')}`)).toBe('{"name":"Ünïcode ✓"}');
    expect(decodeJsonDataUri(`data:application/json;charset=utf-8;base64,${b64('{}')}`)).toBe('{}');
    expect(decodeJsonDataUri('data:application/json;utf8,%7B%22a%22%3A1%7D')).toBe('{"a":1}');
    expect(decodeJsonDataUri('data:application/json,{"raw": "100%"}')).toBe('{"raw": "100%"}');
  });

  it('refuses other media types, broken base64 and invalid UTF-8', () => {
    expect(decodeJsonDataUri(`data:text/html;base64,${b64('{}')}`)).toBeUndefined();
    expect(decodeJsonDataUri('data:application/json;base64,***')).toBeUndefined();
    expect(decodeJsonDataUri(`data:application/json;base64,${Buffer.from([0xff, 0xfe]).toString('base64')}`)).toBeUndefined();
    expect(decodeJsonDataUri('application/json,{}')).toBeUndefined();
  });
});

describe('image and metadata URLs', () => {
  it('keeps http(s) and inline images, maps ipfs:// only through a gateway, drops anything else', () => {
    expect(toImageUrl('https://img.example/a.png', noHosts)).toBe('https://img.example/a.png');
    expect(toImageUrl('data:image/png;base64,iVBOR', noHosts)).toBe('data:image/png;base64,iVBOR');
    expect(toImageUrl('ipfs://bafy/a.png', noHosts)).toBeUndefined();
    expect(toImageUrl('ipfs://ipfs/bafy/a.png', { hosts: [], ipfsGateway: 'https://gw.example/ipfs' })).toBe(
      'https://gw.example/ipfs/bafy/a.png',
    );
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>', 'ftp://x/y.png', 'not a url', 42, null]) {
      expect(toImageUrl(bad, noHosts)).toBeUndefined();
    }
  });

  it('maps ipfs:// only onto an http(s) gateway', () => {
    expect(ipfsToGateway('ipfs://bafy/1.json', 'https://gw.example/ipfs/')).toBe('https://gw.example/ipfs/bafy/1.json');
    expect(ipfsToGateway('ipfs://bafy/1.json', 'javascript:alert(1)')).toBeUndefined();
    expect(ipfsToGateway('ipfs://', 'https://gw.example/')).toBeUndefined();
  });

  it('allows a metadata URL only when its host (with or without port, any case) is listed', () => {
    const policy = { hosts: ['Meta.Example', '127.0.0.1:8080'] };
    expect(metadataUrl('https://meta.example/1.json', policy)?.href).toBe('https://meta.example/1.json');
    expect(metadataUrl('http://127.0.0.1:8080/1.json', policy)?.href).toBe('http://127.0.0.1:8080/1.json');
    expect(metadataUrl('http://127.0.0.1:9090/1.json', policy)).toBeUndefined();
    expect(metadataUrl('https://evil.example/1.json', policy)).toBeUndefined();
    expect(metadataUrl('https://meta.example.evil.example/1.json', policy)).toBeUndefined();
  });
});

describe('readMetadataJson', () => {
  it('takes a trimmed name and description and a safe image; ignores wrong types', () => {
    expect(readMetadataJson('{"name":"  A  ","description":"B","image_url":"https://i.example/x.png"}', noHosts)).toEqual({
      name: 'A',
      description: 'B',
      imageUrl: 'https://i.example/x.png',
    });
    expect(readMetadataJson('{"name":1,"description":{},"image":"javascript:x"}', noHosts)).toEqual({});
    expect(readMetadataJson('[1,2]', noHosts)).toEqual({});
    expect(readMetadataJson('nope', noHosts)).toEqual({});
    expect(readMetadataJson(`{"name":"${'x'.repeat(300 * 1024)}"}`, noHosts)).toEqual({});
  });
});
