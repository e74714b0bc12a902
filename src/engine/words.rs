//! The engine's words for users, through [`Say`]: English repeats the `Display` text, Chinese is
//! written here.

use super::job::JobError;
use super::review::Judgement;
use crate::lang::{Lang, Say};

impl Say for JobError {
    fn say(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => match self {
                JobError::BadRequest(e) => format!("请求无效：{e}"),
                JobError::BadFen(e) => format!("局面（FEN）无效：{e}"),
                JobError::IllegalMove(m) => format!("着法 {m} 不合法"),
                JobError::InCheck => "被将军时无法显示威胁".into(),
            },
        }
    }
}

impl Say for Judgement {
    fn say(&self, lang: Lang) -> String {
        match self {
            Judgement::Inaccuracy => lang.pick("欠准", "Inaccuracies"),
            Judgement::Mistake => lang.pick("失误", "Mistakes"),
            Judgement::Blunder => lang.pick("漏着", "Blunders"),
        }
        .into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn job_errors_keep_their_words() {
        let e = JobError::IllegalMove("h2h9".into());
        assert_eq!(e.say(Lang::Zh), "着法 h2h9 不合法");
        assert_eq!(e.say(Lang::En), "illegal move h2h9");
        assert_eq!(JobError::InCheck.say(Lang::Zh), "被将军时无法显示威胁");
    }
}
