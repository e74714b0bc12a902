//! A `.zip` of game files, read from its central directory (PKWARE APPNOTE 4.3.12–4.3.16): the
//! members' names, sizes and offsets, each checked against the caps before a byte is inflated.
//!
//! Stored (method 0) and deflated (method 8) members are read; Zip64, encryption and other
//! methods are refused by name. The core does not inflate: the browser's worker inflates with
//! `DecompressionStream("deflate-raw")` and counts what comes out through an [`InflateGuard`],
//! so a member that inflates past its declared size is stopped there; native callers pass an
//! [`Inflate`].

use super::import::{MAX_IMPORT_BYTES, MAX_IMPORT_FILES, MAX_MEMBER_BYTES};
use crate::text::Charsets;
use crate::xiangqi::notation::decode::decode_with;

/// The most a member may inflate to, as a multiple of its compressed size: a zip bomb's member
/// inflates thousands of times; real game files (text, a few binary headers) 3–10 times.
pub const MAX_RATIO: u64 = 100;

const EOCD: u32 = 0x0605_4b50;
const ZIP64_LOCATOR: u32 = 0x0706_4b50;
const CENTRAL: u32 = 0x0201_4b50;
const LOCAL: u32 = 0x0403_4b50;
const EOCD_BYTES: usize = 22;
const CENTRAL_BYTES: usize = 46;
const LOCAL_BYTES: usize = 30;

/// How a member's bytes are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// As they are (method 0).
    Stored,
    /// Deflated (method 8): raw deflate, as `DecompressionStream("deflate-raw")` reads it.
    Deflate,
}

/// One file in a zip, as its central directory entry declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// Its path in the zip (`folder/game.pgn`).
    pub name: String,
    /// How it is stored.
    pub method: Method,
    /// Its compressed size in bytes.
    pub compressed: u64,
    /// Its declared size once inflated.
    pub size: u64,
    /// Where its local header starts.
    pub offset: u64,
}

/// Why a zip, or one member of it, is not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZipError {
    /// No end-of-central-directory record: not a zip, or cut before its end.
    NotZip,
    /// A Zip64 archive (over 4 GB or 65,535 members), past every cap.
    Zip64,
    /// Split over several disks.
    MultiDisk,
    /// A structure at byte `at` is cut or not what the directory says: what was expected.
    Damaged {
        /// Where.
        at: u64,
        /// What was expected there, in English (`expected_zh` is the Chinese).
        expected: &'static str,
        /// The same in Chinese.
        expected_zh: &'static str,
    },
    /// More members than [`MAX_IMPORT_FILES`] (the count the directory declares).
    TooManyMembers {
        /// The count.
        count: u64,
    },
    /// The members declare more than [`MAX_IMPORT_BYTES`] in all.
    TooManyBytes {
        /// Their declared total.
        bytes: u64,
    },
    /// Member `name` is encrypted.
    Encrypted {
        /// The member.
        name: String,
    },
    /// Member `name` is compressed by a method other than store or deflate.
    Method {
        /// The member.
        name: String,
        /// The method's number.
        method: u16,
    },
    /// Member `name` declares more than [`MAX_RATIO`] times its compressed size: a zip bomb.
    Bomb {
        /// The member.
        name: String,
        /// Its compressed size.
        compressed: u64,
        /// Its declared size.
        size: u64,
    },
    /// Member `name` declares more than [`MAX_MEMBER_BYTES`].
    MemberTooLarge {
        /// The member.
        name: String,
        /// Its declared size.
        size: u64,
    },
    /// Member `name` inflated past its declared size: stopped there.
    Overflow {
        /// The member.
        name: String,
        /// Its declared size.
        size: u64,
    },
    /// Member `name`'s deflate stream is damaged.
    BadDeflate {
        /// The member.
        name: String,
    },
    /// Member `name` is deflated and this build has no inflater (the command line reads stored
    /// members only; the browser inflates).
    NoInflater {
        /// The member.
        name: String,
    },
}

/// A zip's members as its central directory lists them: the ones that pass the caps, and a
/// refusal for each that does not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Directory {
    /// The members to read, in directory order (folders left out).
    pub members: Vec<Member>,
    /// Members refused before any inflating (bombs, too large, encrypted, other methods).
    pub refused: Vec<ZipError>,
}

/// Whether `bytes` start as a zip does (a local header, or the end record of an empty zip).
pub fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06")
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn damaged(at: usize, expected: &'static str, expected_zh: &'static str) -> ZipError {
    ZipError::Damaged {
        at: at as u64,
        expected,
        expected_zh,
    }
}

impl Directory {
    /// Reads the central directory of `zip` (names decoded as UTF-8, or GBK/Big5 through
    /// `charsets` as Chinese Windows writes them); the caps are checked on the declared counts
    /// and sizes before any member is read.
    pub fn read(zip: &[u8], charsets: &dyn Charsets) -> Result<Directory, ZipError> {
        let end = end_record(zip)?;
        if end >= 20 && u32_at(zip, end - 20) == Some(ZIP64_LOCATOR) {
            return Err(ZipError::Zip64);
        }
        let field = |o: usize| u16_at(zip, end + o).unwrap_or(0);
        if field(4) != 0 || field(6) != 0 {
            return Err(ZipError::MultiDisk);
        }
        let count = field(10);
        let (size, offset) = (
            u32_at(zip, end + 12).unwrap_or(0),
            u32_at(zip, end + 16).unwrap_or(0),
        );
        if count == 0xffff || size == u32::MAX || offset == u32::MAX {
            return Err(ZipError::Zip64);
        }
        if count as usize > MAX_IMPORT_FILES {
            return Err(ZipError::TooManyMembers {
                count: count as u64,
            });
        }
        let mut dir = Directory::default();
        let mut at = offset as usize;
        let mut total: u64 = 0;
        for _ in 0..count {
            let (entry, next) = central_entry(zip, at, charsets)?;
            at = next;
            match entry {
                Ok(m) if m.name.ends_with('/') && m.size == 0 => {}
                Ok(m) => {
                    total += m.size;
                    dir.members.push(m);
                }
                Err(e) => dir.refused.push(e),
            }
        }
        if total > MAX_IMPORT_BYTES {
            return Err(ZipError::TooManyBytes { bytes: total });
        }
        Ok(dir)
    }
}

/// Where the end-of-central-directory record starts: searched back from the end, over a
/// comment of at most 65,535 bytes.
fn end_record(zip: &[u8]) -> Result<usize, ZipError> {
    let last = zip.len().checked_sub(EOCD_BYTES).ok_or(ZipError::NotZip)?;
    let first = last.saturating_sub(0xffff);
    (first..=last)
        .rev()
        .find(|&at| {
            u32_at(zip, at) == Some(EOCD)
                && u16_at(zip, at + 20).map(|c| at + EOCD_BYTES + c as usize) == Some(zip.len())
        })
        .ok_or(ZipError::NotZip)
}

/// The central directory entry at `at` (a member or its refusal) and where the next starts.
fn central_entry(
    zip: &[u8],
    at: usize,
    charsets: &dyn Charsets,
) -> Result<(Result<Member, ZipError>, usize), ZipError> {
    let header = zip
        .get(at..at.saturating_add(CENTRAL_BYTES))
        .ok_or(damaged(
            at,
            "a central directory entry (46 bytes)",
            "中央目录项（46 字节）",
        ))?;
    if u32_at(header, 0) != Some(CENTRAL) {
        return Err(damaged(
            at,
            "the signature PK\\1\\2 of a central directory entry",
            "中央目录项的标记 PK\\1\\2",
        ));
    }
    let h16 = |o| u16_at(header, o).unwrap_or(0);
    let h32 = |o| u32_at(header, o).unwrap_or(0);
    let (flags, method) = (h16(8), h16(10));
    let (compressed, size, offset) = (h32(20), h32(24), h32(42));
    let (name_len, extra_len, comment_len) = (h16(28) as usize, h16(30) as usize, h16(32) as usize);
    let name_at = at + CENTRAL_BYTES;
    let raw = zip
        .get(name_at..name_at.saturating_add(name_len))
        .ok_or(damaged(name_at, "the member's name", "成员的文件名"))?;
    let next = name_at.saturating_add(name_len + extra_len + comment_len);
    if [compressed, size, offset].contains(&u32::MAX) {
        return Err(ZipError::Zip64);
    }
    let name = match std::str::from_utf8(raw) {
        Ok(s) => s.to_string(),
        Err(_) => decode_with(raw, charsets).text,
    };
    let member = Member {
        method: match method {
            0 => Method::Stored,
            _ => Method::Deflate,
        },
        compressed: compressed as u64,
        size: size as u64,
        offset: offset as u64,
        name,
    };
    Ok((member.checked(flags, method), next))
}

impl Member {
    /// The member if it passes the caps, else why not.
    fn checked(self, flags: u16, method: u16) -> Result<Member, ZipError> {
        let name = self.name.clone();
        if flags & 1 != 0 {
            return Err(ZipError::Encrypted { name });
        }
        if method != 0 && method != 8 {
            return Err(ZipError::Method { name, method });
        }
        if self.size > MAX_MEMBER_BYTES as u64 {
            return Err(ZipError::MemberTooLarge {
                name,
                size: self.size,
            });
        }
        let stored_lie = self.method == Method::Stored && self.size != self.compressed;
        if self.size > self.compressed.saturating_mul(MAX_RATIO) || stored_lie {
            return Err(ZipError::Bomb {
                name,
                compressed: self.compressed,
                size: self.size,
            });
        }
        Ok(self)
    }

    /// The member's bytes as stored in `zip` (deflated or not), after its local header.
    pub fn raw<'a>(&self, zip: &'a [u8]) -> Result<&'a [u8], ZipError> {
        let at = self.offset as usize;
        let local = zip.get(at..at.saturating_add(LOCAL_BYTES)).ok_or(damaged(
            at,
            "a member's local header (30 bytes)",
            "成员的本地文件头（30 字节）",
        ))?;
        if u32_at(local, 0) != Some(LOCAL) {
            return Err(damaged(
                at,
                "the signature PK\\3\\4 of a local header",
                "本地文件头的标记 PK\\3\\4",
            ));
        }
        let skip =
            u16_at(local, 26).unwrap_or(0) as usize + u16_at(local, 28).unwrap_or(0) as usize;
        let start = at.saturating_add(LOCAL_BYTES + skip);
        zip.get(start..start.saturating_add(self.compressed as usize))
            .ok_or(damaged(
                zip.len(),
                "the rest of the member's data",
                "成员数据的其余部分",
            ))
    }

    /// The member's bytes: stored ones as they are, deflated ones through `inflate`, stopped
    /// where they pass the declared size.
    pub fn bytes(&self, zip: &[u8], inflate: &dyn Inflate) -> Result<Vec<u8>, ZipError> {
        let raw = self.raw(zip)?;
        match self.method {
            Method::Stored => Ok(raw.to_vec()),
            Method::Deflate => inflate.inflate(raw, &mut InflateGuard::new(self)),
        }
    }
}

/// Counts a member's bytes as they inflate and stops them past its declared size (which the
/// directory checked against the caps and [`MAX_RATIO`]): what a lying header cannot get past.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InflateGuard {
    name: String,
    size: u64,
    seen: u64,
}

impl InflateGuard {
    /// A guard for `member`.
    pub fn new(member: &Member) -> InflateGuard {
        InflateGuard {
            name: member.name.clone(),
            size: member.size,
            seen: 0,
        }
    }

    /// Counts `n` more inflated bytes; `Err` once they pass the declared size.
    pub fn take(&mut self, n: usize) -> Result<(), ZipError> {
        self.seen += n as u64;
        match self.seen > self.size {
            true => Err(ZipError::Overflow {
                name: self.name.clone(),
                size: self.size,
            }),
            false => Ok(()),
        }
    }

    /// The most bytes still allowed.
    pub fn room(&self) -> u64 {
        self.size - self.seen.min(self.size)
    }

    /// A damaged deflate stream of this member.
    pub fn bad_deflate(&self) -> ZipError {
        ZipError::BadDeflate {
            name: self.name.clone(),
        }
    }
}

/// A deflate decoder for native callers: inflates `deflated` (raw deflate), counting every
/// chunk through `guard` as it comes out.
pub trait Inflate {
    /// The inflated bytes, or the guard's or the stream's error.
    fn inflate(&self, deflated: &[u8], guard: &mut InflateGuard) -> Result<Vec<u8>, ZipError>;
}

/// No inflater: deflated members are refused with [`ZipError::NoInflater`].
pub struct NoInflater;

impl Inflate for NoInflater {
    fn inflate(&self, _: &[u8], guard: &mut InflateGuard) -> Result<Vec<u8>, ZipError> {
        Err(ZipError::NoInflater {
            name: guard.name.clone(),
        })
    }
}

/// A zip of stored members, for tests and for saving a selection as one download.
pub fn write_stored(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data) in files {
        let offset = out.len() as u32;
        let crc = crc32(data);
        let fixed = |sig: u32| {
            let mut h = sig.to_le_bytes().to_vec();
            h.extend_from_slice(&[20, 0, 0, 8, 0, 0, 0, 0, 0, 0]);
            h.extend_from_slice(&crc.to_le_bytes());
            h.extend_from_slice(&(data.len() as u32).to_le_bytes());
            h.extend_from_slice(&(data.len() as u32).to_le_bytes());
            h.extend_from_slice(&(name.len() as u16).to_le_bytes());
            h.extend_from_slice(&[0, 0]);
            h
        };
        out.extend(fixed(LOCAL));
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(data);
        let mut c = fixed(CENTRAL);
        // Central: version made by before the common part, then comment, disk, attributes.
        c.splice(4..4, [20, 0]);
        c.extend_from_slice(&[0; 10]);
        c.extend_from_slice(&offset.to_le_bytes());
        c.extend_from_slice(name.as_bytes());
        central.extend(c);
    }
    let cd_at = out.len() as u32;
    out.extend_from_slice(&central);
    out.extend_from_slice(&EOCD.to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    let n = (files.len() as u16).to_le_bytes();
    out.extend_from_slice(&[n[0], n[1], n[0], n[1]]);
    out.extend_from_slice(&(central.len() as u32).to_le_bytes());
    out.extend_from_slice(&cd_at.to_le_bytes());
    out.extend_from_slice(&[0, 0]);
    out
}

/// The CRC-32 of `data` (IEEE, as zip stores it).
fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xedb8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::text::EncodingRs;

    #[test]
    fn a_stored_zip_reads_back() {
        let zip = write_stored(&[("a.pgn", b"1. h2e2 *\n"), ("dir/b.txt", b"xyz")]);
        let dir = Directory::read(&zip, &EncodingRs).unwrap();
        assert_eq!(dir.refused, []);
        let names: Vec<&str> = dir.members.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["a.pgn", "dir/b.txt"]);
        assert_eq!(dir.members[1].bytes(&zip, &NoInflater).unwrap(), b"xyz");
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
    }

    #[test]
    fn a_guard_stops_past_the_declared_size() {
        let m = Member {
            name: "x".into(),
            method: Method::Deflate,
            compressed: 10,
            size: 100,
            offset: 0,
        };
        let mut g = InflateGuard::new(&m);
        assert_eq!(g.take(60), Ok(()));
        assert_eq!(g.room(), 40);
        assert!(matches!(g.take(41), Err(ZipError::Overflow { .. })));
    }
}
