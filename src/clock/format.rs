//! How a clock face writes a time: `1:29:59`, `4:59`, `0:09.4`.

/// Formats `ms` as a clock face does: hours only when needed, tenths under 10 s. Rounds down,
/// so the face reads `0:00.0` exactly when the time is gone and never shows time that is not left.
pub fn format_ms(ms: u64) -> String {
    let secs = ms / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if secs >= 10 {
        format!("{m}:{s:02}")
    } else {
        format!("0:{s:02}.{}", ms % 1000 / 100)
    }
}

#[cfg(test)]
mod tests {
    use super::format_ms;

    #[test]
    fn faces() {
        let cases = [
            (5_400_000, "1:30:00"),
            (5_399_999, "1:29:59"),
            (3_600_000, "1:00:00"),
            (3_599_999, "59:59"),
            (299_999, "4:59"),
            (60_000, "1:00"),
            (10_000, "0:10"),
            (9_999, "0:09.9"),
            (9_400, "0:09.4"),
            (100, "0:00.1"),
            (99, "0:00.0"),
            (0, "0:00.0"),
            (360_000_000, "100:00:00"),
        ];
        for (ms, face) in cases {
            assert_eq!(format_ms(ms), face, "{ms}");
        }
    }
}
