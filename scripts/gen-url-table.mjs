// Generates tests/fixtures/url-table.json: tricky URL strings and the host a browser would open
// for each, as computed by the WHATWG URL parser (Node's `new URL()`, the same standard browsers
// follow). Tests of the URL mode read that JSON to check that the host we show is the host the
// browser will actually visit, and that what a browser cannot open is refused.
//
// Rerun from the repository root after editing INPUTS:
//
//   node scripts/gen-url-table.mjs
//
// Needs only Node (v20 used; no npm packages). The tests read the committed JSON and do not need
// Node. Output is deterministic: one entry per input, in input order, pretty-printed with a
// 2-space indent and a trailing newline; every non-ASCII character is written as a \uXXXX escape
// so that bidi controls and look-alike letters stay visible in review. Each entry is either
//   {"input": ..., "refused": true}
// when `new URL(input)` throws, the protocol is not http:/https:, or the hostname is empty, or
//   {"input": ..., "host": hostname, "href": ..., "username": ..., "password": ...}
// Host results for IDN inputs depend on the ICU/UTS #46 data of the Node build.
//
// Strings below use JS escapes: '\\' is ONE literal backslash, '\t' a real tab, '\u0430' a
// Cyrillic a, and so on.

import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const INPUTS = [
  // --- plain baselines ---
  "https://example.com/",
  "https://accounts.example.com/oauth/authorize?client_id=abc&state=xyz",

  // --- backslashes in every position (each '\\' is one backslash) ---
  "https://evil.example\\@bank.example/login",
  "https://evil.example\\bank.example/",
  "https:\\\\evil.example/",
  "https:/\\evil.example/",
  "https:\\/evil.example/",
  "https:\\evil.example/",
  "https://example.com/a\\b\\c",
  "https://example.com/path?q=a\\b",
  "https://example.com/path#frag\\ment",
  "https://user\\name@evil.example/",
  "https://user:pa\\ss@evil.example/",
  "https://bank.example\\.evil.example/",
  "https://evil.example%5C@bank.example/",

  // --- percent-escapes in the host ---
  "https://%65vil.example/",
  "https://ex%41mple.com/",
  "https://a%40b.example/",
  "https://%2e%2e/",
  "https://%zz.example/",
  "https://ex%00ample.com/",
  "https://example%2ecom/",
  "https://example.com%2f@evil.example/",
  "https://example%2fevil.com/",
  "https://%31%32%37.0.0.1/",
  "https://%E2%80%AEevil.example/",
  "https://%C3%BCber.example/",

  // --- IPv4 number forms ---
  "https://0x7f.1/",
  "https://2130706433/",
  "https://0177.0.0.1/",
  "https://127.1/",
  "https://0x7f000001/",
  "https://192.168.0.257/",
  "https://1.2.3.4.5/",
  "https://08.1.1.1/",
  "https://0x.0x.0/",
  "https://4294967296/",
  "https://4294967295/",
  "https://1.2.3.4./",
  "https://999999999999/",
  "https://0/",
  "https://127.0.0.0x1/",
  "https://1.2.3.09/",
  "https://example.1/",
  "https://1.2.3.4.example/",

  // --- IPv6 ---
  "https://[::1]/",
  "https://[2001:DB8::1]:8080/",
  "https://[::ffff:192.168.0.1]/",
  "https://[::1/",
  "https://[zz::1]/",
  "https://[0:0:0:0:0:0:0:1]/",
  "https://::1/",
  "https://[::1]:/",
  "https://[::1%25eth0]/",
  "https://[::127.0.0.1]/",
  "https://[::1]evil.example/",
  "https://evil.example@[::1]/",

  // --- user info with @, : and %40 ---
  "https://bank.example@evil.example/",
  "https://a@b@evil.example/",
  "https://user:pa:ss@evil.example/",
  "https://bank.example%40evil.example/",
  "https://user%40bank.example@evil.example/",
  "https://:@evil.example/",
  "https://@evil.example/",
  "https://bank.example:443@evil.example/",
  "https://bank.example/@evil.example/",
  "https://bank.example?@evil.example/",
  "https://user:p%40ss@evil.example/",

  // --- tabs and newlines (stripped by the parser) ---
  "ht\ttps://exa\nmple.com/",
  "https://exa\rmple.com/",
  "https:/\t/evil.example/",
  "https://bank.example\t@evil.example/",
  "https://example.com/pa\nth?q\t=1#f\rr",
  "\thttps://example.com/\n",

  // --- leading/trailing spaces and C0 controls, inner spaces ---
  "  https://example.com/  ",
  "\u0001https://example.com/",
  "\u0000https://example.com/",
  "https://exa mple.com/",
  "https://example.com /",
  "https://example.com/a path",
  "https://ex\u0001ample.com/",
  "https://example.com\u007f/",

  // --- fullwidth and ideographic dots and letters ---
  "https://example\u3002com/",
  "https://example\uFF0Ecom/",
  "https://example\uFF61com/",
  "https://\uFF45xample.com/",
  "https://\uFF25\uFF38\uFF21\uFF2D\uFF30\uFF2C\uFF25.com/",
  "https://\uFF11\uFF12\uFF17.0.0.1/",
  "https://bank.example\uFF0F@evil.example/",
  "https://bank.example\uFF20evil.example/",

  // --- upper-case schemes and hosts ---
  "HTTPS://EXAMPLE.COM/",
  "HtTp://Example.Com/",

  // --- trailing dots ---
  "https://example.com./",
  "https://example.com../",
  "https://../",
  "https://.example.com/",

  // --- IDN homographs and punycode ---
  "https://\u0430pple.com/",
  "https://xn--pple-43d.com/",
  "https://p\u0430ypal.com/",
  "https://b\u00FCcher.example/",
  "https://xn--bcher-kva.example/",
  "https://B\u00DCCHER.example/",
  "https://xn--invalid-.example/",
  "https://xn--a.example/",
  "https://XN--BCHER-KVA.example/",
  "https://stra\u00DFe.example/",
  "https://xn--.example/",
  "https://e\u0301xample.com/",
  "https://\u2139nfo.example/",

  // --- bidi, zero-width and soft-hyphen code points ---
  "https://a\u202Eb.example/",
  "https://\u200Bexample.com/",
  "https://ex\u00ADample.com/",
  "https://ex\u200Dample.com/",
  "https://ex\uFEFFample.com/",
  "https://example.com/\u202Egnp.exe",

  // --- other schemes, missing parts, empty ---
  "javascript:alert(1)",
  "JavaScript://example.com/%0Aalert(1)",
  "file:///etc/passwd",
  "data:text/html,hi",
  "ftp://example.com/",
  "mailto:a@b.c",
  "blob:https://example.com/uuid",
  "example.com",
  "//example.com/",
  "https:example.com",
  "https:///path",
  "https://",
  "http://:80/",
  "https://?q",
  "",

  // --- ports ---
  "https://example.com:443/",
  "http://example.com:80/",
  "https://example.com:99999/",
  "https://example.com:0x50/",
  "https://example.com:8443/",
  "http://example.com:443/",
  "https://example.com:65536/",
  "https://example.com:00443/",
  "https://example.com:/",
  "https://example.com:-1/",

  // --- forbidden host code points ---
  "https://exa<mple.com/",
  "https://exa^mple.com/",
  "https://exa|mple.com/",
  "https://a%20b.com/",
  "https://exa>mple.com/",
  "https://exa[mple.com/",
  "https://exa*mple.com/",
  "https://exa\"mple.com/",
  "https://exa_mple.com/",
  "https://exa%7Cmple.com/",
];

function entry(input) {
  let url;
  try {
    url = new URL(input);
  } catch {
    return { input, refused: true };
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") {
    return { input, refused: true };
  }
  return {
    input,
    host: url.hostname,
    href: url.href,
    username: url.username,
    password: url.password,
  };
}

const seen = new Set();
for (const input of INPUTS) {
  if (seen.has(input)) throw new Error(`duplicate input: ${JSON.stringify(input)}`);
  seen.add(input);
}

const json = JSON.stringify(INPUTS.map(entry), null, 2).replace(
  /[\u007f-\uffff]/g,
  (c) => "\\u" + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0"),
);
const out = join(dirname(fileURLToPath(import.meta.url)), "..", "tests", "fixtures", "url-table.json");
writeFileSync(out, json + "\n");
