//! Saved state's words for users, through [`Say`]: English repeats the `Display` text, Chinese is
//! written here.

use super::{FileTooLarge, Refused};
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
