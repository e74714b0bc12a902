//! The database's errors in words, in Chinese and English.

use super::import::{
    Fault, ImportError, MAX_GAMES_PER_FILE, MAX_IMPORT_BYTES, MAX_IMPORT_FILES, MAX_MEMBER_BYTES,
};
use super::record::{GameError, RecordError, MAX_PLIES, VERSION};
use super::search::QueryError;
use super::zip::{ZipError, MAX_RATIO};
use crate::lang::{Lang, Say};
use std::fmt;

/// The sentence for `lang` of a pair built in both.
fn pick(lang: Lang, zh: String, en: String) -> String {
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// Bytes as megabytes, rounded.
fn mb(bytes: u64) -> u64 {
    (bytes + (1 << 19)) >> 20
}

impl Say for RecordError {
    fn say(&self, lang: Lang) -> String {
        match self {
            RecordError::NotARecord => pick(
                lang,
                "不是对局库的记录（缺少 XQG 标记）".into(),
                "not a game database record (no XQG mark)".into(),
            ),
            RecordError::NotACatalogue => pick(
                lang,
                "不是保存的对局目录（缺少 XQCAT 标记）".into(),
                "not a saved game catalogue (no XQCAT mark)".into(),
            ),
            RecordError::NewerVersion(v) => pick(
                lang,
                format!("记录由新版本（格式 {v}）写入，本程序只读到格式 {VERSION}：请更新后再打开，记录保持不变"),
                format!("a record of format version {v}, newer than this app's {VERSION}: update the app to open it; the record is kept as it is"),
            ),
            RecordError::Truncated { at } => pick(
                lang,
                format!("记录在第 {at} 字节提前结束"),
                format!("the record is cut short at byte {at}"),
            ),
            RecordError::BadString { at } => pick(
                lang,
                format!("记录第 {at} 字节处的文字或局面损坏"),
                format!("a damaged name or position at byte {at} of the record"),
            ),
            RecordError::BadMove { ply } => pick(
                lang,
                format!("记录的第 {ply} 步不是合法着法"),
                format!("ply {ply} of the record is not a legal move"),
            ),
            RecordError::Trailing { at } => pick(
                lang,
                format!("记录结束后第 {at} 字节起还有多余数据"),
                format!("bytes after the end of the record, from byte {at}"),
            ),
        }
    }
}

impl Say for GameError {
    fn say(&self, lang: Lang) -> String {
        match self {
            GameError::NoMoves => pick(
                lang,
                "主线没有着法，未存入".into(),
                "no move on its main line: not stored".into(),
            ),
            GameError::TooLong(n) => pick(
                lang,
                format!("主线有 {n} 步，超过上限 {MAX_PLIES} 步"),
                format!("its main line has {n} plies, over the limit of {MAX_PLIES}"),
            ),
        }
    }
}

impl Say for ZipError {
    fn say(&self, lang: Lang) -> String {
        let max_member = mb(MAX_MEMBER_BYTES as u64);
        match self {
            ZipError::NotZip => pick(lang, "不是完整的 zip 文件：找不到结尾的中央目录记录（文件可能被截断）".into(), "not a whole zip: no end of central directory record (the file may be cut)".into()),
            ZipError::Zip64 => pick(lang, "Zip64 格式的 zip（超过 4 GB 或 65535 个文件），超出导入上限，不读取".into(), "a Zip64 archive (over 4 GB or 65,535 members), past the import caps: not read".into()),
            ZipError::MultiDisk => pick(lang, "分卷 zip 不能导入".into(), "a zip split over several disks cannot be imported".into()),
            ZipError::Damaged { at, expected, expected_zh } => pick(lang, format!("zip 第 {at} 字节处损坏，此处应为{expected_zh}"), format!("zip damaged at byte {at}: expected {expected}")),
            ZipError::TooManyMembers { count } => pick(lang, format!("zip 中有 {count} 个文件，超过上限 {MAX_IMPORT_FILES} 个"), format!("the zip holds {count} files, over the limit of {MAX_IMPORT_FILES}")),
            ZipError::TooManyBytes { bytes } => pick(lang, format!("zip 解压后共 {} MB，超过一次导入的上限 {} MB", mb(*bytes), mb(MAX_IMPORT_BYTES)), format!("the zip inflates to {} MB in all, over one import's limit of {} MB", mb(*bytes), mb(MAX_IMPORT_BYTES))),
            ZipError::Encrypted { name } => pick(lang, format!("{name}：加密的文件不能导入"), format!("{name}: encrypted, cannot be imported")),
            ZipError::Method { name, method } => pick(lang, format!("{name}：不支持的压缩方式 {method}（只读取存储和 deflate）"), format!("{name}: compression method {method} is not read (only stored and deflate)")),
            ZipError::Bomb { name, compressed, size } => pick(lang, format!("{name}：声明解压后 {size} 字节，是压缩大小 {compressed} 字节的 {MAX_RATIO} 倍以上，疑似 zip 炸弹，未解压"), format!("{name}: declares {size} bytes inflated from {compressed}, over {MAX_RATIO} times: a zip bomb, not inflated")),
            ZipError::MemberTooLarge { name, size } => pick(lang, format!("{name}：解压后 {} MB，超过单个文件上限 {max_member} MB", mb(*size)), format!("{name}: {} MB inflated, over the limit of {max_member} MB for one file", mb(*size))),
            ZipError::Overflow { name, size } => pick(lang, format!("{name}：解压超过声明的 {size} 字节，已停止"), format!("{name}: inflated past its declared {size} bytes, stopped there")),
            ZipError::BadDeflate { name } => pick(lang, format!("{name}：压缩数据损坏"), format!("{name}: its compressed data is damaged")),
            ZipError::NoInflater { name } => pick(lang, format!("{name}：压缩的文件须在浏览器中导入（命令行只读取未压缩的 zip 成员）"), format!("{name}: deflated; import it in the browser (the command line reads stored zip members only)")),
        }
    }
}

impl Say for Fault {
    fn say(&self, lang: Lang) -> String {
        match self {
            Fault::TooManyFiles(n) => pick(lang, format!("一次导入 {n} 个文件，超过上限 {MAX_IMPORT_FILES} 个：未读取任何文件，请分批导入"), format!("{n} files in one import, over the limit of {MAX_IMPORT_FILES}: none was read; import them in parts")),
            Fault::TooManyBytes(b) => pick(lang, format!("一次导入共 {} MB，超过上限 {} MB：未读取任何文件，请分批导入", mb(*b), mb(MAX_IMPORT_BYTES)), format!("{} MB in one import, over the limit of {} MB: none was read; import them in parts", mb(*b), mb(MAX_IMPORT_BYTES))),
            Fault::Unread(e) => e.say(lang),
            Fault::Game(e) => e.say(lang),
            Fault::Zip(e) => e.say(lang),
            Fault::TooManyGames(n) => pick(lang, format!("文件中有 {n} 局，超过上限 {MAX_GAMES_PER_FILE} 局：只导入前 {MAX_GAMES_PER_FILE} 局"), format!("{n} games in the file, over the limit of {MAX_GAMES_PER_FILE}: the first {MAX_GAMES_PER_FILE} are imported")),
        }
    }
}

impl Say for ImportError {
    fn say(&self, lang: Lang) -> String {
        let fault = self.fault.say(lang);
        match (self.file.is_empty(), self.game) {
            (true, _) => fault,
            (false, None) => format!("{}: {fault}", self.file),
            (false, Some(n)) => pick(
                lang,
                format!("{}，第 {n} 局：{fault}", self.file),
                format!("{}, game {n}: {fault}", self.file),
            ),
        }
    }
}

impl Say for QueryError {
    fn say(&self, lang: Lang) -> String {
        match self {
            QueryError::BadFen(f) => pick(
                lang,
                format!("“{f}”不是合法的局面（FEN）"),
                format!("`{f}` is not a position (FEN)"),
            ),
        }
    }
}

macro_rules! display_in_english {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.say(Lang::En))
            }
        }
        impl std::error::Error for $t {}
    )*};
}

display_in_english!(
    RecordError,
    GameError,
    ZipError,
    Fault,
    ImportError,
    QueryError
);
