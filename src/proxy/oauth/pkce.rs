//! The random secrets of a sign-in and how they are written: PKCE's verifier and its S256
//! challenge (RFC 7636), the `state` that ties the redirect to our request, and base64.
//!
//! SHA-256 and the system's random numbers come from `ring`, which rustls already brings into
//! the binary for TLS.

use ring::rand::SecureRandom as _;

const URL_SAFE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const STANDARD: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `bytes` in base64url without padding (RFC 4648 section 5), as PKCE and `state` use it.
pub fn base64url(bytes: &[u8]) -> String {
    encode(bytes, URL_SAFE, false)
}

/// `bytes` in standard base64 with padding, as HTTP Basic authentication uses it.
pub fn base64(bytes: &[u8]) -> String {
    encode(bytes, STANDARD, true)
}

fn encode(bytes: &[u8], alphabet: &[u8; 64], pad: bool) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..4 {
            if i < chars {
                let index = (n >> (18 - 6 * i)) & 63;
                out.push(char::from(alphabet[index as usize]));
            } else if pad {
                out.push('=');
            }
        }
    }
    out
}

/// `len` bytes from the system's random source, in base64url.
pub fn random(len: usize) -> anyhow::Result<String> {
    let mut bytes = vec![0; len];
    ring::rand::SystemRandom::new()
        .fill(&mut bytes)
        .map_err(|_| anyhow::anyhow!("the system gave no random numbers"))?;
    Ok(base64url(&bytes))
}

/// A PKCE code verifier: 32 random bytes, 43 characters (RFC 7636 section 4.1).
pub fn verifier() -> anyhow::Result<String> {
    random(32)
}

/// The S256 code challenge of `verifier`: base64url(SHA-256(verifier)).
pub fn challenge(verifier: &str) -> String {
    base64url(ring::digest::digest(&ring::digest::SHA256, verifier.as_bytes()).as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 7636 appendix B: the example verifier and its S256 challenge.
    #[test]
    fn the_s256_challenge_matches_rfc_7636s_example() {
        assert_eq!(
            challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
    }

    /// RFC 4648 section 10's test vectors, and a byte that differs between the alphabets.
    #[test]
    fn base64_matches_rfc_4648() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in cases {
            assert_eq!(base64(plain.as_bytes()), encoded, "{plain:?}");
            assert_eq!(
                base64url(plain.as_bytes()),
                encoded.trim_end_matches('='),
                "{plain:?}"
            );
        }
        assert_eq!(base64(&[0xfb, 0xff]), "+/8=");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn a_verifier_is_43_unreserved_characters_and_never_repeats() {
        let one = verifier().expect("random");
        let two = verifier().expect("random");
        assert_eq!(one.len(), 43);
        assert!(
            one.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        );
        assert_ne!(one, two);
    }
}
