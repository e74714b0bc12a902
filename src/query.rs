//! URL query strings (`a=1&b=2`, percent-encoded): read by share links, the clock's links and the
//! score sheet's. Below every domain, so each can read its own link.

/// The value of `key` in `a=1&b=2`, percent-decoded (`+` read as a space).
pub fn param(query: &str, key: &str) -> Option<String> {
    query.trim_start_matches('?').split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
        (k == key).then(|| percent_decode(v))
    })
}

/// Encodes everything but unreserved characters, so a FEN survives in a URL.
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 3 / 2);
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Decodes `%XX` escapes and `+`; malformed escapes are kept as written.
pub fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len() => {
                match u8::from_str_radix(std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("zz"), 16)
                {
                    Ok(v) => {
                        out.push(v);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_coding() {
        assert_eq!(percent_decode("a%2Fb+c%zz%4"), "a/b c%zz%4");
        assert_eq!(
            percent_decode(&percent_encode("rnb/9 w - - 0 1")),
            "rnb/9 w - - 0 1"
        );
    }
}
