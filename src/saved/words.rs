//! Saved state's words for users, through [`Say`]: English repeats the `Display` text, Chinese is
//! written here.

use super::{FileError, FileTooLarge, Kept, NotSaved, Refused, Unreadable};
use crate::lang::{Lang, Say};

impl Say for Refused {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => "浏览器存储拒绝写入（空间已满或已停用）".to_string(),
            Lang::En => self.to_string(),
        }
    }
}

impl Say for FileTooLarge {
    fn say(&self, lang: Lang) -> String {
        let kb = |b: u64| b.div_ceil(1024);
        match lang {
            Lang::Zh => format!(
                "文件有 {} KB，超过上限 {} KB，未读取",
                kb(self.bytes),
                kb(self.max as u64)
            ),
            Lang::En => format!(
                "the file has {} KB, over the limit of {} KB; it was not read",
                kb(self.bytes),
                kb(self.max as u64)
            ),
        }
    }
}

impl Say for NotSaved {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (NotSaved::Refused, _) => Refused.say(lang),
            (NotSaved::Held(key), Lang::Zh) => {
                format!("{key} 中的数据尚未另存，未被覆盖")
            }
            (NotSaved::Held(key), Lang::En) => {
                format!("{key} holds data that is not yet kept elsewhere; it was not written over")
            }
        }
    }
}

impl Say for Unreadable {
    fn say(&self, lang: Lang) -> String {
        let key = &self.key;
        match (&self.kept, lang) {
            (Kept::Aside(aside), Lang::Zh) => {
                format!("保存的数据 {key} 无法读取，已另存为 {aside}，本页已重新开始。")
            }
            (Kept::Aside(aside), Lang::En) => format!(
                "The saved data {key} could not be read; it was set aside as {aside} and this page started fresh."
            ),
            (Kept::InPlace, Lang::Zh) => format!(
                "保存的数据 {key} 无法读取，且存储空间已满，无法另存；原数据未删除。请先下载，再选择丢弃并重新开始。"
            ),
            (Kept::InPlace, Lang::En) => format!(
                "The saved data {key} could not be read, and storage is full, so it could not be set aside; nothing was deleted. Download it first, then you may discard it and start fresh."
            ),
        }
    }
}

impl Say for FileError {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (FileError::TooLarge(e), _) => e.say(lang),
            (FileError::Unreadable, Lang::Zh) => "无法读取该文件".to_string(),
            (FileError::Unreadable, Lang::En) => "the file could not be read".to_string(),
            (FileError::NotText { at }, Lang::Zh) => {
                format!("该文件不是 UTF-8 文本（第 {at} 字节起）")
            }
            (FileError::NotText { at }, Lang::En) => {
                format!("the file is not UTF-8 text (from byte {at})")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn storage_errors_keep_their_words() {
        assert_eq!(
            Refused.say(Lang::Zh),
            "浏览器存储拒绝写入（空间已满或已停用）"
        );
        assert_eq!(
            Refused.say(Lang::En),
            "storage refused the write (full or disabled)"
        );
        let big = FileTooLarge {
            bytes: 3 * 1024 * 1024 + 1,
            max: 2 * 1024 * 1024,
        };
        assert_eq!(
            big.say(Lang::Zh),
            "文件有 3073 KB，超过上限 2048 KB，未读取"
        );
        assert_eq!(
            big.say(Lang::En),
            "the file has 3073 KB, over the limit of 2048 KB; it was not read"
        );
    }
}
